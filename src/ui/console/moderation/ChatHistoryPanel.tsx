import { Search, X } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import type { ChatHistoryItem, ChatHistoryQuery, ChatPerson, MuteLength } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { ChatHistoryRow } from './ChatHistoryRow';
import { ListStatus } from './ListStatus';
import { Pager } from './Pager';
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
  const userId = useId();
  const textId = useId();
  const { query } = history;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    history.search(query);
  };
  return (
    <section className="console-card mod-panel" aria-labelledby={`${userId}-title`}>
      <h2 className="mod-panel__title" id={`${userId}-title`}>
        {words.historyTitle}
      </h2>
      <form className="mod-search" role="search" onSubmit={submit}>
        <label className="console-field" htmlFor={userId}>
          {words.userLabel}
          <input
            id={userId}
            type="search"
            value={query.user}
            placeholder={words.userPlaceholder}
            maxLength={50}
            onChange={(event) => history.type({ ...query, user: event.target.value })}
          />
        </label>
        <label className="console-field" htmlFor={textId}>
          {words.textLabel}
          <input
            id={textId}
            type="search"
            value={query.text}
            placeholder={words.textPlaceholder}
            maxLength={50}
            onChange={(event) => history.type({ ...query, text: event.target.value })}
          />
        </label>
        <button type="submit" className="button button--primary mod-search__submit">
          <Search aria-hidden="true" />
          {text.search}
        </button>
      </form>
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
      <ListStatus
        loading={history.loading}
        shown={history.shown}
        error={history.error}
        empty={history.items.length === 0}
        emptyText={words.empty}
        onRetry={history.reload}
      />
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
      {history.total > history.size && <Pager total={history.total} current={history.current} size={history.size} onPage={history.goTo} />}
    </section>
  );
}
