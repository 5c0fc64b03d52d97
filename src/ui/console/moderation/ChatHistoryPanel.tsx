import { X } from 'lucide-react';
import { useId } from 'react';
import type {
  ChatHistoryItem,
  ChatHistoryQuery,
  ChatPerson,
  MuteLength,
} from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { ChatHistoryRow } from './ChatHistoryRow';
import { PagedListBody } from './PagedListBody';
import { SearchField } from './SearchField';
import { SearchForm } from './SearchForm';
import type { PagedList } from './usePagedList';

const text = zhCN.consoleModeration;
const words = text.chat;

export type HistoryAction = { kind: 'delete'; id: number };

interface ChatHistoryPanelProps {
  history: PagedList<ChatHistoryItem, ChatHistoryQuery, HistoryAction>;
  selfId: number | null;
  /** A person action runs (the rows' mute and kick wait for it). */
  peopleBusy: boolean;
  onMute: (person: ChatPerson, length: MuteLength) => void;
  onKick: (person: ChatPerson) => void;
}

/** 聊天记录: searched by author and text, paged, each message deletable and its author moderated. */
export function ChatHistoryPanel({ history, selfId, peopleBusy, onMute, onKick }: ChatHistoryPanelProps) {
  const titleId = useId();
  const { query } = history;
  return (
    <section className="console-card mod-panel" aria-labelledby={titleId}>
      <h2 className="mod-panel__title" id={titleId}>
        {words.historyTitle}
      </h2>
      <SearchForm onSearch={() => history.search(query)}>
        <SearchField
          label={words.userLabel}
          value={query.user}
          placeholder={words.userPlaceholder}
          onChange={(user) => history.type({ ...query, user })}
        />
        <SearchField
          label={words.textLabel}
          value={query.text}
          placeholder={words.textPlaceholder}
          onChange={(text) => history.type({ ...query, text })}
        />
      </SearchForm>
      {query.author && (
        <p className="mod-chip">
          {words.onlyAuthorLabel(query.author.nickName)}
          <button
            type="button"
            className="icon-button"
            aria-label={words.clearAuthor(query.author.nickName)}
            onClick={() => history.search({ ...query, author: null })}
          >
            <X aria-hidden="true" />
          </button>
        </p>
      )}
      <PagedListBody list={history} emptyText={words.empty}>
        <ol className="mod-list" aria-busy={history.loading}>
          {history.items.map((message) => (
            <ChatHistoryRow
              key={message.id}
              message={message}
              own={message.userId === selfId}
              busy={history.acting || peopleBusy}
              onOnlyAuthor={(author) => history.search({ ...query, author })}
              onDelete={() => history.act({ kind: 'delete', id: message.id })}
              onMute={onMute}
              onKick={onKick}
            />
          ))}
        </ol>
      </PagedListBody>
    </section>
  );
}
