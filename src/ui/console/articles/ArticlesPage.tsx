import { PenLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as zhCN from '../../../i18n/zh-CN';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { ArticleFilters } from './ArticleFilters';
import { ArticleStatusTabs } from './ArticleStatusTabs';
import { ArticleTableRow } from './ArticleTableRow';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListPager } from '../ListPager';
import { useArticleAction } from './useArticleAction';
import { useListQuery } from './useListQuery';
import './articles.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleArticles;

/** 文章: every article by status, searchable and filterable, with its actions and the 回收站. */
export default function ArticlesPage() {
  const api = useService(CONSOLE_TOKENS.articleConsoleApi);
  const act = useArticleAction();
  const [query, change] = useListQuery();
  // Bumped after an action, so the same query loads again.
  const [revision, setRevision] = useState(0);
  const reload = () => setRevision((n) => n + 1);
  const page = useLoad(`console-articles:${JSON.stringify(query)}:${revision}`, () => api.list(query));
  const options = useLoad(`console-article-options:${revision}`, () => api.options());
  const data = page.data;
  const inBin = query.tab === 'trash';

  const emptyBin = async () => {
    if (await act(() => api.emptyBin(), text.done.emptied)) reload();
  };

  return (
    <section className="console-page articles-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.title}</h1>
        <div className="console-page__actions">
          {inBin && (
            <ConfirmDialog
              title={text.confirm.emptyBinTitle}
              description={text.confirm.emptyBinText(data?.counts.trash ?? 0)}
              action={text.confirm.emptyBinAction}
              onConfirm={emptyBin}
            >
              <button type="button" className="button" disabled={!data || data.counts.trash === 0}>
                <Trash2 aria-hidden="true" />
                {text.actions.emptyBin}
              </button>
            </ConfirmDialog>
          )}
          <Link className="button button--primary" to="/admin/articles/new">
            <PenLine aria-hidden="true" />
            {text.write}
          </Link>
        </div>
      </header>
      <ArticleStatusTabs tab={query.tab} counts={data?.counts} onChange={(tab) => change({ tab })} />
      <ArticleFilters query={query} options={options.data} onChange={change} />
      <div className="console-card articles-page__list" aria-busy={page.loading}>
        {!data && page.error ? (
          <LoadFailed error={page.error || text.loadFailed} onRetry={page.reload} />
        ) : !data ? (
          <Loading />
        ) : data.list.length === 0 ? (
          <EmptyState text={inBin ? text.emptyBin : text.empty} hint="" />
        ) : (
          <table className="console-table article-table">
            <thead>
              <tr>
                <th>{text.columns.title}</th>
                <th>{text.columns.status}</th>
                <th>{text.columns.category}</th>
                <th>{text.columns.views}</th>
                <th>{text.columns.likes}</th>
                <th>{text.columns.comments}</th>
                <th>{inBin ? text.columns.deletedAt : text.columns.updatedAt}</th>
                <th>{text.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row) => (
                <ArticleTableRow key={row.id} row={row} onChanged={reload} />
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data && data.total > 0 && (
        <ListPager totalText={text.total} total={data.total} current={data.current} size={data.size} onPage={(current) => change({ current })} />
      )}
    </section>
  );
}
