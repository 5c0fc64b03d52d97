import { FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { LazyImage } from '../components/LazyImage';
import { Loading } from '../components/Loading';
import { PageBanner } from '../shell/PageBanner';
import { useService } from '../di';
import { articleHref } from '../features/content/ArticleCard';
import { formatMonthDay } from '../features/content/format';
import { LoadFailed } from '../features/content/LoadFailed';
import { Pager } from '../features/content/Pager';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import '../features/content/content.css';

const TIMELINE_PAGE_SIZE = 10;

export default function ArchivesPage() {
  const api = useService(TOKENS.contentApi);
  const page = parsePage(useSearchParams()[0].get('page'));
  const { data, error, loading, reload } = useLoad(`timeline:${page}`, () => api.timeline(page, TIMELINE_PAGE_SIZE));
  const text = zhCN.content.archives;

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.total === 0) body = <EmptyState text={zhCN.content.noArticles} />;
  else
    body = (
      <div aria-busy={loading}>
        <p className="page-summary">{text.summary(data.total)}</p>
        <div className="timeline">
          {data.list.map((group) => (
            <section key={group.year} aria-label={text.year(group.year)}>
              <h2 className="timeline__year">{group.year}</h2>
              {group.articles.map((article) => (
                <Link key={article.id} to={articleHref(article.id)} className="timeline__item">
                  {article.cover ? (
                    <LazyImage className="timeline__thumb" src={article.cover} alt="" />
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
    );

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.archives} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
