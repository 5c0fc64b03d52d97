import { useSelector } from '../../hooks/useSelector';
import { ArrowDown, ImagePlus, LoaderCircle, RefreshCw, Send, Smile, Trash2, Undo2, Users, X } from 'lucide-react';
import { AlertDialog, Popover } from 'radix-ui';
import {
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { canRevert, isAdmin, isMuted, type ChatEntry, type ChatMe, type OnlineUser } from '../../../domain/chat/chat';
import type { ChatRoom } from '../../../ports/chatRoom';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { formatClock, formatMonthDay } from '../content/format';
import { Avatar } from '../account/Avatar';
import { useAccount } from '../account/useAccount';
import { EMOJI } from './emoji';
import { MuteMenu } from './MuteMenu';
import brokenImage from './image-404.svg';
import './chat.css';

const text = zhCN.chat;

/** Distance from the bottom (px) still counted as "at the newest message". */
const BOTTOM_SLACK = 48;

let loading: Promise<ChatRoom> | undefined;

/** The room of the visit: the loader's one promise, so `use` sees the same promise on every render. */
function useChatRoom(): ChatRoom {
  const loader = useService(TOKENS.chatLoader);
  loading ??= loader().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return use(loading);
}

const asUser = (person: { userId: number; nickName: string; avatar: string }) => ({
  id: person.userId,
  nickName: person.nickName,
  avatar: person.avatar,
  role: 0,
});

/** A message's time: the clock today, else its day too (`03-05 14:08`, English `Mar 5 14:08`). */
function formatTime(iso: string, nowMs: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === new Date(nowMs).toDateString();
  return sameDay ? formatClock(date) : `${formatMonthDay(iso)} ${formatClock(date)}`;
}

/** A confirmation (Radix AlertDialog) around a trigger. */
function Confirm({ trigger, title, onConfirm }: { trigger: ReactNode; title: string; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="chat-confirm__overlay" />
        <AlertDialog.Content className="chat-confirm">
          <AlertDialog.Title className="chat-confirm__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="visually-hidden">{title}</AlertDialog.Description>
          <div className="chat-confirm__actions">
            <AlertDialog.Cancel className="button">{text.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--primary" onClick={onConfirm}>
              {text.confirm}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function OnlineList({
  online,
  me,
  onKick,
  onMute,
}: {
  online: OnlineUser[];
  me: ChatMe | null;
  onKick(user: OnlineUser): void;
  onMute(user: OnlineUser, minutes: number): void;
}) {
  const admin = isAdmin(me);
  return (
    <Popover.Root>
      <Popover.Trigger className="chat-icon-button">
        <Users aria-hidden="true" />
        <span className="visually-hidden">{text.onlineList}</span>
        <span className="chat-icon-button__count">{online.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="chat-popover chat-online" align="end" sideOffset={6} aria-label={text.onlineList}>
          <h3 className="chat-online__title">{text.onlineList}</h3>
          {online.length === 0 && <p className="chat-online__empty">{text.onlineEmpty}</p>}
          <ul className="chat-online__list">
            {online.map((user) => (
              <li key={user.userId} className="chat-online__item">
                <Avatar user={asUser(user)} size={26} />
                <span className="chat-online__name">
                  {user.nickName}
                  {user.userId === me?.userId && <span className="chat-online__me">（{text.me}）</span>}
                </span>
                {admin && user.userId !== me?.userId && <MuteMenu nickName={user.nickName} onMute={(minutes) => onMute(user, minutes)} />}
                {admin && user.userId !== me?.userId && (
                  <Confirm
                    title={text.confirmKick(user.nickName)}
                    onConfirm={() => onKick(user)}
                    trigger={
                      <button
                        type="button"
                        className="chat-text-button chat-text-button--danger"
                        aria-label={text.kickUser(user.nickName)}
                      >
                        {text.kick}
                      </button>
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function MessageImage({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className="chat-message__image"
      src={broken ? brokenImage : src}
      alt={broken ? text.imageBroken : alt}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

function Message({
  entry,
  own,
  revertable,
  nowMs,
  onRevert,
}: {
  entry: ChatEntry;
  own: boolean;
  revertable: boolean;
  nowMs: number;
  onRevert(): void;
}) {
  return (
    <li className="chat-message" data-own={own} data-pending={entry.pending} data-id={entry.id ?? undefined}>
      <Avatar user={asUser(entry)} size={36} />
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <span className="chat-message__name">{entry.nickName}</span>
          {entry.time && <time dateTime={entry.time}>{formatTime(entry.time, nowMs)}</time>}
        </div>
        <div className="chat-message__bubble">
          {entry.contentType === 'image' ? (
            <MessageImage src={entry.content} alt={text.imageAlt(entry.nickName)} />
          ) : (
            <span className="chat-message__text">{entry.content}</span>
          )}
        </div>
        <div className="chat-message__status">
          {entry.pending && (
            <span className="chat-message__pending">
              <LoaderCircle aria-hidden="true" className="chat-spin" />
              {text.sending}
            </span>
          )}
          {revertable && (
            <button
              type="button"
              className="chat-text-button"
              onClick={onRevert}
              aria-label={`${text.revert}：${entry.contentType === 'image' ? text.imageAlt(entry.nickName) : entry.content.slice(0, 20)}`}
            >
              <Undo2 aria-hidden="true" />
              {text.revert}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  return (
    <Popover.Root>
      <Popover.Trigger className="chat-icon-button" aria-label={text.emoji}>
        <Smile aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="chat-popover chat-emoji"
          side="top"
          align="start"
          sideOffset={6}
          aria-label={text.emojiPanel}
        >
          {EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="chat-emoji__item"
              aria-label={emoji}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The picked file, shown before it is sent (spec: not uploaded until confirmed). */
function PickedPreview({ file }: { file: File }) {
  const [url] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={text.imagePreview} />;
}

function Composer({ chat, me, kicked, nowMs }: { chat: ChatRoom; me: ChatMe; kicked: boolean; nowMs: number }) {
  const [draft, setDraft] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const uploading = useSelector(chat.room, (s) => s.matches({ upload: 'uploading' }));
  const mutedFlag = useSelector(chat.room, (s) => s.context.muted);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const inputId = useId();

  if (kicked)
    return (
      <p className="chat-composer__hint" role="status">
        {text.kickedHint}
      </p>
    );
  if (isMuted(me, nowMs) || mutedFlag) {
    const until = me.mutedUntil ? formatTime(me.mutedUntil, nowMs) : '';
    return (
      <p className="chat-composer__hint" role="status">
        {until ? text.mutedUntilHint(until) : text.mutedHint}
      </p>
    );
  }

  const send = () => {
    chat.room.send({ type: 'message.send', content: draft });
    if (draft.trim() !== '') setDraft('');
    input.current?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setImage(picked);
    event.target.value = '';
  };
  const sendImage = () => {
    if (!image) return;
    chat.room.send({ type: 'image.send', image });
    setImage(null);
  };

  return (
    <div className="chat-composer">
      {image && (
        <div className="chat-composer__image" role="group" aria-label={text.imagePreview}>
          <PickedPreview key={`${image.name}:${image.size}:${image.lastModified}`} file={image} />
          <button type="button" className="button button--primary" onClick={sendImage}>
            <Send aria-hidden="true" />
            {text.sendImage}
          </button>
          <button
            type="button"
            className="chat-icon-button"
            aria-label={text.cancelImage}
            onClick={() => setImage(null)}
          >
            <X aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="chat-composer__tools">
        <EmojiPicker onPick={(emoji) => setDraft((value) => value + emoji)} />
        <button
          type="button"
          className="chat-icon-button"
          aria-label={text.pickImage}
          onClick={() => file.current?.click()}
          disabled={uploading}
        >
          <ImagePlus aria-hidden="true" />
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={pick}
          aria-label={text.pickImage}
          tabIndex={-1}
        />
        {uploading && (
          <span className="chat-composer__uploading" role="status">
            <LoaderCircle aria-hidden="true" className="chat-spin" />
            {text.uploading}
          </span>
        )}
      </div>
      <div className="chat-composer__row">
        <label htmlFor={inputId} className="visually-hidden">
          {text.inputLabel}
        </label>
        <textarea
          id={inputId}
          ref={input}
          className="chat-composer__input"
          rows={2}
          maxLength={500}
          placeholder={text.inputPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKey}
        />
        <button type="button" className="button button--primary chat-composer__send" onClick={send}>
          <Send aria-hidden="true" />
          {text.send}
        </button>
      </div>
    </div>
  );
}

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
            <Confirm
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
            <Message
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
