import { LoaderCircle, Undo2 } from 'lucide-react';
import type { ChatEntry } from '../../../domain/chat/chat';
import * as zhCN from '../../../i18n/zh-CN';
import { Avatar } from '../account/Avatar';
import { asUser, formatTime } from './chatFormat';
import { MessageImage } from './MessageImage';

const text = zhCN.chat;

/** One message of the list: who, when, text or picture, and its state (sending, revertable). */
export function ChatMessage({
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
