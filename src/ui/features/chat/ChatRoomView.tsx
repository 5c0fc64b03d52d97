import { useSelector } from '../../hooks/useSelector';
import { ArrowDown, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { canRevert, isAdmin } from '../../../domain/chat/chat';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from '../account/useAccount';
import { ChatConfirm } from './ChatConfirm';
import { ChatMessage } from './ChatMessage';
import { Composer } from './Composer';
import { OnlineList } from './OnlineList';
import { useChatRoom } from './useChatRoom';
import './chat.css';

const text = zhCN.chat;

/** Distance from the bottom (px) still counted as "at the newest message". */
const BOTTOM_SLACK = 48;

/** The chat room of spec section 2: header, message list, composer. Used by the dialog and the page. */
export function ChatRoomView({ headerExtra }: { headerExtra?: ReactNode }) {
  const chat = useChatRoom();
  useEffect(() => chat.attach(), [chat]);
  const { loggedIn, openLogin } = useAccount();
  const clock = useService(TOKENS.clock);
  const status = useSelector(chat.connection, (s) =>
    s.hasTag('ready') ? 'open' : typeof s.value === 'string' ? s.value : 'connecting',
  );
  const entries = useSelector(chat.room, (s) => s.context.entries);
  const me = useSelector(chat.room, (s) => s.context.me);
  const online = useSelector(chat.room, (s) => s.context.online);
  const hasMore = useSelector(chat.room, (s) => s.context.hasMore);
  const unread = useSelector(chat.room, (s) => s.context.unread);
  const joined = useSelector(chat.room, (s) => s.context.joined);
  const loadingMore = useSelector(chat.room, (s) => s.matches({ history: 'loading' }));
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ height: number; top: number; first: number | null } | null>(null);
  const nowMs = clock.now();
  const admin = isAdmin(me);
  const disconnected = status === 'failed' || status === 'kicked' || status === 'reconnecting';

  // New messages keep the view at the bottom when it was there; an older page keeps the reader's place.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const first = entries[0]?.id ?? null;
    const previous = before.current;
    if (previous && previous.first !== first && !atBottom.current) {
      element.scrollTop = previous.top + (element.scrollHeight - previous.height);
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { height: element.scrollHeight, top: element.scrollTop, first };
  }, [entries]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK;
    before.current = { height: element.scrollHeight, top: element.scrollTop, first: entries[0]?.id ?? null };
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      chat.room.send({ type: 'view.scrolled', atBottom: bottom });
    }
  };
  const jumpDown = () => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    chat.room.send({ type: 'view.scrolled', atBottom: true });
  };

  const statusText =
    status === 'open'
      ? text.onlineCount(online.length)
      : status === 'kicked'
        ? text.kickedState
        : status === 'failed'
          ? text.disconnected
          : text.connecting;

  return (
    <section className="chat-room" aria-label={text.title}>
      <header className="chat-room__header">
        <div className="chat-room__status" role="status" aria-live="polite">
          <span className="chat-room__dot" data-status={status} aria-hidden="true" />
          {statusText}
        </div>
        <div className="chat-room__actions">
          {disconnected && loggedIn && (
            <button
              type="button"
              className="chat-text-button"
              onClick={() => chat.connection.send({ type: 'connection.retry' })}
            >
              <RefreshCw aria-hidden="true" />
              {text.reconnect}
            </button>
          )}
          {admin && (
            <ChatConfirm
              title={text.confirmClear}
              onConfirm={() => chat.room.send({ type: 'history.clear' })}
              trigger={
                <button type="button" className="chat-icon-button" aria-label={text.clearRecords}>
                  <Trash2 aria-hidden="true" />
                </button>
              }
            />
          )}
          <OnlineList
            online={online}
            me={me}
            onKick={(user) => chat.room.send({ type: 'user.kick', userId: user.userId })}
            onMute={(user, minutes) => chat.room.send({ type: 'user.mute', userId: user.userId, minutes })}
          />
          {headerExtra}
        </div>
      </header>
      <div className="chat-room__list" ref={list} onScroll={onScroll} role="log" aria-label={text.messageList}>
        {hasMore && (
          <button
            type="button"
            className="chat-room__more"
            onClick={() => chat.room.send({ type: 'history.more' })}
            disabled={loadingMore}
          >
            {loadingMore ? text.loadingMore : text.loadMore}
          </button>
        )}
        {joined && entries.length === 0 && <p className="chat-room__empty">{text.emptyRoom}</p>}
        <ol className="chat-room__messages">
          {entries.map((entry) => (
            <ChatMessage
              key={entry.id === null ? `p:${entry.clientId}` : `m:${entry.id}`}
              entry={entry}
              own={me !== null && entry.userId === me.userId}
              revertable={canRevert(me, entry, nowMs)}
              nowMs={nowMs}
              onRevert={() => entry.id !== null && chat.room.send({ type: 'message.revert', id: entry.id })}
            />
          ))}
        </ol>
      </div>
      {unread > 0 && (
        <button
          type="button"
          className="chat-room__unread"
          onClick={jumpDown}
          aria-label={`${text.newMessages(unread)}，${text.jumpToNewest}`}
        >
          <ArrowDown aria-hidden="true" />
          {text.newMessages(unread)}
        </button>
      )}
      <footer className="chat-room__footer">
        {me ? (
          <Composer chat={chat} me={me} kicked={status === 'kicked'} nowMs={nowMs} />
        ) : loggedIn && !joined ? null : (
          <p className="chat-composer__hint">
            {text.visitorHint}
            {!loggedIn && (
              <button type="button" className="chat-text-button" onClick={openLogin}>
                {text.login}
              </button>
            )}
          </p>
        )}
      </footer>
    </section>
  );
}
