import { Heart, MessageSquareReply } from 'lucide-react';
import type { ShownComment } from '../../../domain/comments/comments';
import { relativeTime } from '../../../domain/shared/relativeTime';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { formatCount, formatDateTime, safeUrl } from '../content/format';
import { CommentAvatar } from './CommentAvatar';
import { CommentHtml } from './CommentHtml';

const text = zhCN.comments;
// Read when rendered, in the render's language (server/adapters/ssr/language.ts).
const deleteTexts = () => ({
  delete: text.delete,
  title: text.confirmDeleteTitle,
  description: text.confirmDelete,
  confirm: text.confirm,
  cancel: text.cancel,
});

/** The spec's relative time: seconds, minutes, hours, then days. */
function ago(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const { value, unit } = relativeTime(now - at);
  return zhCN.relativeTime[unit](value);
}

/** The anchor a notification or an email link names (`#comment-12`). */
export const commentElementId = (id: number) => `comment-${id}`;

interface CommentItemProps {
  comment: ShownComment;
  /** The moment relative times count from. */
  now: number;
  highlighted: boolean;
  /** Replies (smaller avatar) sit under a top-level comment. */
  reply?: boolean;
  onReply(comment: ShownComment): void;
  onLike(id: number): void;
  onDelete(id: number): void;
}

/** One comment: avatar, nickname, time, the text, its like count, 回复 and, for its author or the administrator, 删除. */
export function CommentItem({ comment, now, highlighted, reply = false, onReply, onLike, onDelete }: CommentItemProps) {
  const { author } = comment;
  const site = safeUrl(author.site);
  if (comment.deleted) {
    return (
      <article className="comment comment--deleted" id={commentElementId(comment.id)} data-highlight={highlighted}>
        <p className="comment__deleted">{text.deleted}</p>
      </article>
    );
  }
  const approved = comment.status === 'approved';
  return (
    <article
      className="comment"
      // A comment being sent has no id of its own yet.
      id={comment.id > 0 ? commentElementId(comment.id) : undefined}
      data-reply={reply}
      data-sending={comment.sending}
      data-highlight={highlighted}
      aria-busy={comment.sending || comment.deleting}
    >
      <CommentAvatar author={author} size={reply ? 32 : 40} />
      <div className="comment__main">
        <header className="comment__head">
          {site ? (
            <a className="comment__name" href={site} target="_blank" rel="nofollow ugc noopener noreferrer">
              {author.nickName}
            </a>
          ) : (
            <span className="comment__name">{author.nickName}</span>
          )}
          {author.admin && <span className="comment__badge">{text.admin}</span>}
          <time className="comment__time" dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
            {comment.sending ? text.sending : ago(comment.createdAt, now)}
          </time>
          {comment.status === 'pending' && (
            <span className="comment__pending" title={text.pendingNote}>
              {text.pending}
            </span>
          )}
        </header>
        <div className="comment__body">
          {comment.replyTo && <span className="comment__reply-to">{text.replyTo(comment.replyTo.nickName)}：</span>}
          <CommentHtml html={comment.html} />
        </div>
        {!comment.sending && (
          <footer className="comment__actions">
            {approved && (
              <button
                type="button"
                className="comment__action"
                aria-pressed={comment.liked}
                aria-label={text.likeName(comment.liked, formatCount(comment.likes))}
                onClick={() => onLike(comment.id)}
              >
                <Heart aria-hidden="true" />
                {comment.likes > 0 ? formatCount(comment.likes) : text.like}
              </button>
            )}
            {approved && (
              <button type="button" className="comment__action" onClick={() => onReply(comment)}>
                <MessageSquareReply aria-hidden="true" />
                {text.reply}
              </button>
            )}
            {comment.canDelete && (
              <ConfirmDelete
                className="comment__action"
                texts={deleteTexts()}
                busy={comment.deleting}
                onConfirm={() => onDelete(comment.id)}
              />
            )}
          </footer>
        )}
      </div>
    </article>
  );
}
