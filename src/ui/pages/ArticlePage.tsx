import { Heart, ListTree } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../../domain/content/paging';
import { formatCount } from '../features/content/format';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { LazyImage } from '../components/LazyImage';
import { IMAGE_SIZES } from '../components/imageSizes';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { ArticleBody } from '../features/article/ArticleBody';
import { ArticleToc, type TocHeading } from '../features/article/ArticleToc';
import { ArticleMeta } from '../features/article/ArticleParts';
import { NeighboursSlot } from '../features/article/NeighboursSlot';
import { ArticleTags } from '../features/content/ArticleTags';
import { CommentsSlot } from '../features/comments/CommentsSlot';
import { ThemePicker, useReadingThemes } from '../features/article/ThemePicker';
import { useReadingDuration } from '../features/article/useReadingDuration';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import { useTheme } from '../shell/useTheme';
import '../features/article/article.css';
import '../features/content/content.css';

export default function ArticlePage() {
  const api = useService(TOKENS.contentApi);
  const id = parseId(useSearchParams()[0].get('id'));
  const article = useLoad(`article:${id}`, () => (id === null ? Promise.resolve(null) : api.article(id)));
  const recommendation = useLoad(`recommend:${id}`, () =>
    id === null ? Promise.resolve(null) : api.recommendations(id),
  );
  const { theme } = useTheme();
  const { previewTheme, codeTheme } = useReadingThemes();
  const [likes, setLikes] = useState<{ id: number; count: number } | null>(null);
  const [headings, setHeadings] = useState<TocHeading[]>([]);
  const text = zhCN.article;
  const shown = article.loading ? undefined : article.data;
  useReadingDuration(shown ? shown.id : null);

  if (id === null || shown === null) {
    return (
      <div className="page">
        <PageBanner title={zhCN.nav.article} />
        <div className="page__body">
          <section className="card page__card">
            <EmptyState text={text.notFound} hint={text.notFoundHint} />
          </section>
        </div>
      </div>
    );
  }

  if (!shown) {
    return (
      <div className="page">
        <PageBanner title={zhCN.nav.article} />
        <div className="page__body">
          <section className="card page__card">
            {article.error ? <LoadFailed error={article.error} onRetry={article.reload} /> : <Loading />}
          </section>
        </div>
      </div>
    );
  }

  const likeCount = likes?.id === shown.id ? likes.count : shown.likes;
  const like = () => {
    void api.likeArticle(shown.id).then(
      (count) => setLikes({ id: shown.id, count }),
      () => undefined,
    );
  };
  const related = recommendation.loading ? undefined : recommendation.data;

  return (
    <div className="page article-page">
      <PageBanner title={shown.article_title}>
        <ArticleMeta article={shown} />
      </PageBanner>
      <div className="page__body article-layout">
        <article className="card article" aria-label={shown.article_title}>
          {shown.cover && <LazyImage className="article__cover" src={shown.cover} alt="" sizes={IMAGE_SIZES.articleCover} priority="eager" />}
          <div className="article__toolbar">
            <ThemePicker />
          </div>
          {/* Inline below 1000 px, beside the article from there (article.css): the width picks, not the server. */}
          <details className="article__toc-inline">
            <summary>
              <ListTree aria-hidden="true" />
              {text.toc}
            </summary>
            <ArticleToc headings={headings} />
          </details>
          <ArticleBody
            markdown={shown.article_content}
            theme={theme}
            previewTheme={previewTheme}
            codeTheme={codeTheme}
            onHeadings={setHeadings}
          />
          <footer className="article__footer">
            <ArticleTags tags={shown.tags} />
            <button type="button" className="button article__like" onClick={like}>
              <Heart aria-hidden="true" />
              {/* The name holds the count the button shows, so a voice-control user can say what they see. */}
              <span className="visually-hidden">{text.like}</span>
              {formatCount(likeCount)}
            </button>
          </footer>
        </article>
        <aside className="article-side">
          <section className="card toc-card" aria-labelledby="toc-title">
            <h2 id="toc-title" className="side-card__title">
              <ListTree aria-hidden="true" />
              {text.toc}
            </h2>
            <ArticleToc headings={headings} />
          </section>
        </aside>
        <div className="article-after">
          {related && <NeighboursSlot recommendation={related} />}
          <CommentsSlot type="article" id={shown.id} count={shown.comment_count} />
        </div>
      </div>
    </div>
  );
}
