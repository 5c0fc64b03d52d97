import { LogIn, MessageCircle, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Message, MessageReply } from '../../../domain/content/content';
import { canDeleteReply, REPLY_MAX_LENGTH, replyDraftProblem } from '../../../domain/content/messages';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from '../account/useAccount';
import { formatDateTime } from '../content/format';
import { LoadFailed } from '../content/LoadFailed';
import { useLoad } from '../content/useLoad';
import { boardChanged, useBoardVersion } from './boardVersion';
import { DeleteOnBoard } from './DeleteMessage';
import { MessageAvatar, useRelativeTime } from './MessageCard';
import './messages.css';

const text = zhCN.messages;

function ReplyForm({ messageId }: { messageId: number }) {
  const api = useService(TOKENS.contentApi);
  const notifier = useService(TOKENS.notifier);
  const id = useId();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const length = Array.from(content.trim()).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = replyDraftProblem(content);
    if (found) {
      setProblem(found === 'empty' ? text.replyRequired : text.replyTooLong(REPLY_MAX_LENGTH));
      return;
    }
    setProblem(null);
    setSending(true);
    api.replyToMessage(messageId, content.trim()).then(
      () => {
        setSending(false);
        setContent('');
        notifier.notify({ level: 'success', message: text.replied });
        // The thread and the post's reply count (here and on the kept-alive board) reload.
        boardChanged();
      },
      (error: unknown) => {
        setSending(false);
        setProblem(error instanceof Error && error.message ? error.message : text.sendFailed);
      },
    );
  };

  return (
    <form className="form reply-form" onSubmit={submit} noValidate>
      <div className="form__row">
        <label className="form__label" htmlFor={id}>
          {text.replyLabel}
        </label>
        <textarea
          id={id}
          className="form__textarea reply-form__text"
          value={content}
          placeholder={text.replyPlaceholder}
          maxLength={REPLY_MAX_LENGTH * 2}
          onChange={(event) => setContent(event.target.value)}
        />
        <span className="form__hint" data-over={length > REPLY_MAX_LENGTH}>
          {text.counter(length, REPLY_MAX_LENGTH)}
        </span>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          <Send aria-hidden="true" />
          {sending ? zhCN.shell.loading : text.replySubmit}
        </button>
      </div>
    </form>
  );
}

function ReplyItem({ reply, message }: { reply: MessageReply; message: Message }) {
  const api = useService(TOKENS.contentApi);
  const notifier = useService(TOKENS.notifier);
  const { user } = useAccount();
  const ago = useRelativeTime();
  const remove = async () => {
    await api.deleteMessageReply(reply.id);
    notifier.notify({ level: 'success', message: text.deleted, durationMs: LIST_ACTION_NOTICE_MS });
    boardChanged();
  };
  return (
    <article className="reply">
      <MessageAvatar src={reply.author.avatar} name={reply.author.nickName} />
      <div className="reply__body">
        <header className="reply__head">
          <span className="message__author">{reply.author.nickName}</span>
          <time className="message__time" dateTime={reply.createdAt} title={formatDateTime(reply.createdAt)}>
            {ago(reply.createdAt)}
          </time>
          {canDeleteReply(reply, message, user) && <DeleteOnBoard title={text.deleteReply} label={text.deleteReply} remove={remove} />}
        </header>
        <p className="reply__content">{reply.content}</p>
      </div>
    </article>
  );
}

/** The replies under a post, oldest first, with a reply form for signed-in readers. */
export function MessageReplies({ message }: { message: Message }) {
  const api = useService(TOKENS.contentApi);
  const { user, openLogin } = useAccount();
  const version = useBoardVersion();
  const heading = useId();
  const { data, error, reload } = useLoad(`replies:${message.id}:${version}`, () => api.messageReplies(message.id));

  let list;
  if (!data) list = error ? <LoadFailed error={error} onRetry={reload} /> : <Loading />;
  else if (data.length === 0) list = <p className="replies__empty">{text.noReplies}</p>;
  else
    list = (
      <ol className="replies__list">
        {data.map((reply) => (
          <li key={reply.id}>
            <ReplyItem reply={reply} message={message} />
          </li>
        ))}
      </ol>
    );

  return (
    <section className="replies" aria-labelledby={heading}>
      <h2 id={heading} className="section-title">
        <MessageCircle aria-hidden="true" />
        {text.replies}
        <span className="section-title__count">{text.replyCount(data?.length ?? message.replyCount)}</span>
      </h2>
      {list}
      {user ? (
        <ReplyForm key={user.id} messageId={message.id} />
      ) : (
        <div className="notice-box replies__login">
          <LogIn aria-hidden="true" />
          <span>{text.loginToReplyHint}</span>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {text.loginToReply}
          </button>
        </div>
      )}
    </section>
  );
}
