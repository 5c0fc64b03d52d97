import { Filter, Trash2 } from 'lucide-react';
import type { ChatHistoryItem, ChatPerson, MuteLength } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';
import { PersonActions } from './PersonActions';
import { PersonLine } from './PersonLine';
import { formatTime } from './time';

const text = zhCN.consoleModeration;
const words = text.chat;

interface ChatHistoryRowProps {
  message: ChatHistoryItem;
  /** The administrator's own message: nothing is done to its author. */
  own: boolean;
  /** An action runs: the buttons wait. */
  busy: boolean;
  onOnlyAuthor: (author: ChatPerson) => void;
  onDelete: () => void;
  onMute: (author: ChatPerson, length: MuteLength) => void;
  onKick: (author: ChatPerson) => void;
}

/** One message of the history: who, when, what, and what may be done to it and its author. */
export function ChatHistoryRow({ message, own, busy, onOnlyAuthor, onDelete, onMute, onKick }: ChatHistoryRowProps) {
  const author: ChatPerson = { userId: message.userId, nickName: message.nickName, avatar: message.avatar };
  return (
    <li className="mod-row" data-id={message.id}>
      <div className="mod-row__head">
        <PersonLine id={message.userId} nickName={message.nickName} avatar={message.avatar} username={message.username} />
        <time className="mod-row__time" dateTime={message.createdAt}>
          {formatTime(message.createdAt)}
        </time>
      </div>
      <div className="mod-row__body">
        {message.contentType === 'image' ? (
          <img className="mod-row__image" src={message.content} alt={words.imageAlt(message.nickName)} loading="lazy" />
        ) : (
          <p className="mod-row__text">{message.content}</p>
        )}
      </div>
      <div className="mod-row__actions" role="group" aria-label={words.actionsFor(message.nickName)}>
        <button type="button" className="console-action" onClick={() => onOnlyAuthor(author)} aria-label={words.onlyAuthorLabel(message.nickName)}>
          <Filter aria-hidden="true" />
          <span className="console-action__label">{words.onlyAuthor('TA')}</span>
        </button>
        {!own && (
          <PersonActions person={author} disabled={busy} onMute={(length) => onMute(author, length)} onKick={() => onKick(author)} />
        )}
        <ConfirmButton
          label={words.deleteMessage}
          title={words.confirmDelete}
          description={`${words.deleteHint}${text.cannotUndo}`}
          action={text.delete}
          danger
          disabled={busy}
          onConfirm={onDelete}
        >
          <Trash2 aria-hidden="true" />
          <span className="console-action__label">{text.delete}</span>
        </ConfirmButton>
      </div>
    </li>
  );
}
