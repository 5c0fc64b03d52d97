import { FolderOpen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { Loaded } from '../features/content/Loaded';
import { useLoad } from '../features/content/useLoad';
import { PageLayout } from '../components/PageLayout';
import * as zhCN from '../../i18n/zh-CN';
import '../features/content/content.css';

export default function CategoryPage() {
  const api = useService(TOKENS.contentApi);
  const load = useLoad('categories', () => api.categories());
  const text = zhCN.content;

  return (
    <PageLayout title={zhCN.nav.category}>
      <Loaded state={load} emptyText={text.noCategories}>
        {(data) => (
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
        )}
      </Loaded>
    </PageLayout>
  );
}
