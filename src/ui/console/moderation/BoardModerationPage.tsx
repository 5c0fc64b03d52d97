import { useEffect } from 'react';
import {
  MODERATION_PAGE_SIZE,
  type BoardPostItem,
  type BoardQuery,
  type BoardStatusFilter,
} from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { BoardPostCard } from './BoardPostCard';
import { PagedListBody } from './PagedListBody';
import { SearchField } from './SearchField';
import { SearchForm } from './SearchForm';
import { usePagedList } from './usePagedList';
import './moderation.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleModeration;
const words = text.board;
const STATUSES: BoardStatusFilter[] = ['all', 'visible', 'hidden'];

type PostAction = { kind: 'hide'; id: number; hidden: boolean } | { kind: 'delete'; id: number };

/** 留言板: every post searched, hidden from the board or shown again, deleted; and their replies. */
export default function BoardModerationPage() {
  const api = useService(CONSOLE_TOKENS.moderationApi);
  const posts = usePagedList<BoardPostItem, BoardQuery, PostAction>({
    query: { keyword: '', status: 'all' },
    size: MODERATION_PAGE_SIZE,
    fetchPage: (query, current, size) => api.boardPosts(query, current, size),
    runAction: async (action) => {
      if (action.kind === 'delete') {
        await api.removePost(action.id);
        return { kind: 'remove', id: action.id };
      }
      return { kind: 'replace', item: await api.setPostHidden(action.id, action.hidden) };
    },
    rowOf: (action) => action.id,
    told: (action) =>
      action.kind === 'delete' ? words.postDeleted : action.hidden ? words.postHidden : words.postShown,
  });
  const { query } = posts;

  useEffect(() => {
    document.title = `${words.title} - ${zhCN.console.title}`;
  }, []);

  return (
    <section className="console-page mod-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{words.title}</h1>
      </header>
      <div className="console-card mod-panel">
        <SearchForm onSearch={() => posts.search(query)}>
          <SearchField
            wide
            label={words.keywordLabel}
            value={query.keyword}
            placeholder={words.keywordPlaceholder}
            onChange={(keyword) => posts.type({ ...query, keyword })}
          />
        </SearchForm>
        <div className="console-tabs" role="tablist" aria-label={words.title}>
          {STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              role="tab"
              className="console-tabs__tab"
              aria-selected={query.status === status}
              onClick={() => posts.search({ ...query, status })}
            >
              {words.status[status]}
            </button>
          ))}
        </div>
        <PagedListBody list={posts} emptyText={words.empty}>
          <ol className="mod-list" aria-busy={posts.loading}>
            {posts.items.map((post) => (
              <BoardPostCard
                key={post.id}
                post={post}
                busy={posts.acting}
                onHidden={(hidden) => posts.act({ kind: 'hide', id: post.id, hidden })}
                onDelete={() => posts.act({ kind: 'delete', id: post.id })}
              />
            ))}
          </ol>
        </PagedListBody>
      </div>
    </section>
  );
}
