import { Link, useSearchParams } from 'react-router-dom';
import type { FilteredArticlePage } from '../../domain/content/content';
import { parseId, parsePage } from '../../domain/content/paging';
import { TOKENS } from '../../ports/tokens';
import { EmptyState } from '../components/EmptyState';
import { useService } from '../di';
import { ArticleFeed } from '../features/content/ArticleFeed';
import { useLoad } from '../features/content/useLoad';
import * as zhCN from '../../i18n/zh-CN';
import { PageBanner } from '../shell/PageBanner';
import '../features/content/content.css';

const LIST_PAGE_SIZE = 10;

/** Articles of one category (`?categoryId=`) or one tag (`?tagId=`), paged. */
export default function ArticleListPage() {
  const api = useService(TOKENS.contentApi);
  const [params] = useSearchParams();
  const categoryId = parseId(params.get('categoryId'));
  const tagId = categoryId === null ? parseId(params.get('tagId')) : null;
  const page = parsePage(params.get('page'));
  const text = zhCN.articleList;
  const state = useLoad<FilteredArticlePage | null>(`list:${categoryId}:${tagId}:${page}`, async () => {
    if (categoryId !== null) return api.articlesByCategory(categoryId, page, LIST_PAGE_SIZE);
    if (tagId !== null) return api.articlesByTag(tagId, page, LIST_PAGE_SIZE);
    return null;
  });

  const name = state.loading ? undefined : state.data?.name;
  let title: string = zhCN.nav.articleList;
  if (name !== undefined) title = categoryId !== null ? text.byCategory(name) : text.byTag(name);

  const unfiltered = categoryId === null && tagId === null;
  // A filter the server does not know (a deleted tag, a wrong link) answers null.
  const missing = !unfiltered && !state.loading && state.data === null;
  return (
    <div className="page">
      <PageBanner title={title} />
      <div className="page__body">
        {unfiltered ? (
          <section className="card page__card">
            <EmptyState text={text.chooseFilter} hint={text.chooseFilterHint}>
              <div className="form__actions">
                <Link className="button" to="/category">
                  {zhCN.nav.category}
                </Link>
                <Link className="button" to="/tag">
                  {zhCN.nav.tag}
                </Link>
              </div>
            </EmptyState>
          </section>
        ) : missing ? (
          <section className="card page__card">
            <EmptyState
              text={categoryId !== null ? zhCN.content.missing.category : zhCN.content.missing.tag}
              hint={zhCN.article.notFoundHint}
            />
          </section>
        ) : (
          <ArticleFeed state={{ ...state, data: state.data ?? undefined }} />
        )}
      </div>
    </div>
  );
}
