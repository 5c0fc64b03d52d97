import { FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { LazyImage } from '../components/LazyImage';
import { IMAGE_SIZES } from '../components/imageSizes';
import { useService } from '../di';
import { articleHref } from '../features/content/articleHref';
import { formatMonthDay } from '../features/content/format';
import { Pager } from '../features/content/Pager';
import { Loaded } from '../features/content/Loaded';
import { NoArticles } from '../features/content/NoArticles';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import * as zhCN from '../../i18n/zh-CN';
import '../features/content/content.css';

const TIMELINE_PAGE_SIZE = 10;

export default function ArchivesPage() {
  const api = useService(TOKENS.contentApi);
  const page = parsePage(useSearchParams()[0].get('page'));
  const load = useLoad(`timeline:${page}`, () => api.timeline(page, TIMELINE_PAGE_SIZE));
  const text = zhCN.archives;

  return (
    <PageLayout title={zhCN.nav.archives}>
      <Loaded state={load} emptyText={zhCN.content.noArticles} empty={<NoArticles />} isEmpty={(data) => data.total === 0}>
        {(data) => (
          <div aria-busy={load.loading}>
            <p className="page-summary">{text.summary(data.total)}</p>
            <div className="timeline">
              {data.list.map((group) => (
                <section key={group.year} aria-label={text.year(group.year)}>
                  <h2 className="timeline__year">{group.year}</h2>
                  {group.articles.map((article) => (
                    <Link key={article.id} to={articleHref(article.id)} className="timeline__item">
                      {article.cover ? (
                        <LazyImage className="timeline__thumb" src={article.cover} alt="" sizes={IMAGE_SIZES.thumbnail} />
                      ) : (
                        <span className="timeline__thumb timeline__thumb--empty" aria-hidden="true">
                          <FileText />
                        </span>
                      )}
                      <span className="timeline__text">
                        <time className="timeline__date" dateTime={article.createdAt}>
                          {formatMonthDay(article.createdAt)}
                        </time>
                        <span className="timeline__title">{article.article_title}</span>
                      </span>
                    </Link>
                  ))}
                </section>
              ))}
            </div>
            <Pager current={data.current} total={data.total} size={data.size} />
          </div>
        )}
      </Loaded>
    </PageLayout>
  );
}
