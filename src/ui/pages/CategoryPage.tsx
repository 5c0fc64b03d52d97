import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { useService } from '../di';
import { LoadFailed } from '../features/content/LoadFailed';
import { useLoad } from '../features/content/useLoad';
import { zhCN } from '../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

export default function CategoryPage() {
  const api = useService(TOKENS.contentApi);
  const { data, error, reload } = useLoad('categories', () => api.categories());
  const text = zhCN.content;

  let body;
  if (!data) body = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) body = <EmptyState text={text.noCategories} />;
  else
    body = (
      <>
        <h2 className="section-title">
          <FolderOpen aria-hidden="true" />
          {text.categoryTotal(data.length)}
        </h2>
        <ul className="category-grid">
          {data.map((category) => (
            <li key={category.id}>
              <Link to={`/articleList?categoryId=${category.id}`} className="category-tile">
                <span className="category-tile__name">
                  <FolderOpen aria-hidden="true" />
                  {category.name}
                </span>
                <span className="category-tile__count" aria-label={text.articleCount(category.articleCount)}>
                  {category.articleCount}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <div className="page">
      <PageBanner title={zhCN.nav.category} />
      <div className="page__body">
        <section className="card page__card">{body}</section>
      </div>
    </div>
  );
}
