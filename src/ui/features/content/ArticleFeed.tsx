import type { ArticleSummary, Page } from '../../../domain/content/content';
import { Loading } from '../../components/Loading';
import { ArticleCard } from './ArticleCard';
import { LoadFailed } from './LoadFailed';
import { NoArticles } from './NoArticles';
import { Pager } from './Pager';
import type { LoadState } from './useLoad';

/** A paged list of article cards with its loading, failure and empty states. */
export function ArticleFeed({ state }: { state: LoadState<Page<ArticleSummary>> }) {
  const { data, error, loading, reload } = state;
  if (!data || data.list.length === 0) {
    let placeholder = <Loading />;
    if (error) placeholder = <LoadFailed error={error} onRetry={reload} />;
    else if (data) placeholder = <NoArticles />;
    return <div className="card page__card">{placeholder}</div>;
  }
  return (
    <div className="article-feed" aria-busy={loading}>
      {data.list.map((article, index) => (
        <ArticleCard key={article.id} article={article} flip={index % 2 === 1} />
      ))}
      <Pager current={data.current} total={data.total} size={data.size} />
    </div>
  );
}
