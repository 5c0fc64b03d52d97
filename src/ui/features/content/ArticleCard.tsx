import { CalendarDays, Eye, FolderOpen, MessageCircle, Pin } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ArticleSummary } from '../../../domain/content/content';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import { ArticleTags } from './ArticleTags';
import { articleHref } from './articleHref';
import { formatCount, formatDate } from './format';
import './content.css';

/** One article in a list: cover, title, meta, summary and tags. */
export function ArticleCard({ article, flip = false }: { article: ArticleSummary; flip?: boolean }) {
  const text = zhCN.content;
  const href = articleHref(article.id);
  return (
    <article className="card article-card" data-flip={flip} data-has-cover={article.cover !== ''}>
      {article.cover && (
        <Link to={href} className="article-card__cover" tabIndex={-1} aria-hidden="true">
          <LazyImage src={article.cover} alt="" sizes={IMAGE_SIZES.cardCover} />
        </Link>
      )}
      <div className="article-card__body">
        <h2 className="article-card__title">
          {article.pinned && (
            <span className="pin-badge">
              <Pin aria-hidden="true" />
              {text.pinned}
            </span>
          )}
          <Link to={href}>{article.article_title}</Link>
        </h2>
        <ul className="meta-list">
          <li>
            <CalendarDays aria-hidden="true" />
            <span className="visually-hidden">{text.publishedAt}</span>
            <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
          </li>
          <li>
            <FolderOpen aria-hidden="true" />
            {article.category ? (
              <Link to={`/articleList?categoryId=${article.category.id}`}>{article.category.name}</Link>
            ) : (
              text.uncategorised
            )}
          </li>
          <li>
            <Eye aria-hidden="true" />
            <span>{text.viewsValue(formatCount(article.views))}</span>
          </li>
          <li>
            <MessageCircle aria-hidden="true" />
            <span>{text.comments.countShort(formatCount(article.comment_count))}</span>
          </li>
        </ul>
        {article.summary && <p className="article-card__summary">{article.summary}</p>}
        <ArticleTags tags={article.tags} />
      </div>
    </article>
  );
}
