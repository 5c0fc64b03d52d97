import { Ban, Check, ExternalLink, UserSearch } from 'lucide-react';
import type { ReviewAction, ReviewComment } from '../../../domain/console/comments/reviewQueue';
import * as zhCN from '../../../i18n/zh-CN';
import { CommentAvatar } from '../../features/comments/CommentAvatar';
import { purifyComment } from '../../features/comments/commentHtml';
import { formatDateTime, safeUrl } from '../../features/content/format';
import { ConfirmDelete } from './ConfirmDelete';

const text = zhCN.consoleComments;

interface ReviewRowProps {
  comment: ReviewComment;
  /** An action is under way: nothing else starts. */
  busy: boolean;
  onAct(action: ReviewAction): void;
  /** Ticking, for the queue's batch actions. */
  selected?: boolean;
  onSelect?(): void;
  /** Opens the commenter's other comments. */
  onAuthor?(): void;
  /** Says the status (where comments of every status are listed together). */
  showStatus?: boolean;
}

/** One comment of the queue: who, where, when, the text (and why it waits), and what can be done with it. */
export function ReviewRow({ comment, busy, onAct, selected = false, onSelect, onAuthor, showStatus = false }: ReviewRowProps) {
  const { author, target } = comment;
  const site = safeUrl(author.site);
  const url = safeUrl(target.url);
  return (
    <li className="review-row" data-selected={selected}>
      {onSelect && (
        <input type="checkbox" className="review-row__check" checked={selected} aria-label={text.select(author.nickName)} onChange={onSelect} />
      )}
      <CommentAvatar author={author} size={36} />
      <div className="review-row__main">
        <header className="review-row__head">
          <strong className="review-row__name">{author.nickName}</strong>
          {author.admin ? (
            <span className="review-row__badge">{text.admin}</span>
          ) : (
            author.userId === null && <span className="review-row__badge review-row__badge--muted">{text.visitor}</span>
          )}
          {author.email && <span className="review-row__meta">{author.email}</span>}
          {site && (
            <a className="review-row__meta" href={site} target="_blank" rel="nofollow ugc noopener noreferrer">
              {site}
            </a>
          )}
          <time className="review-row__meta" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
          {showStatus && (
            <span className="review-row__status" data-status={comment.status}>
              {text.tabs[comment.status]}
            </span>
          )}
        </header>
        <p className="review-row__where">
          {url ? (
            <a href={url} target="_blank" rel="noopener">
              {text.on(target.title)}
              <ExternalLink aria-hidden="true" />
            </a>
          ) : (
            <span>
              {text.on(target.title)}
              {text.notPublic}
            </span>
          )}
          {comment.replyTo && <span className="review-row__reply-to">{text.replyTo(comment.replyTo.nickName)}</span>}
        </p>
        <div className="review-row__text" dangerouslySetInnerHTML={{ __html: purifyComment(comment.html) }} />
        {comment.matchedKeywords.length > 0 && <p className="review-row__matched">{text.matched(comment.matchedKeywords.join('、'))}</p>}
        <div className="review-row__actions">
          {comment.status !== 'approved' && (
            <button type="button" className="button review-action" disabled={busy} onClick={() => onAct('approve')}>
              <Check aria-hidden="true" />
              {text.approve}
            </button>
          )}
          {comment.status !== 'spam' && (
            <button type="button" className="button review-action" disabled={busy} onClick={() => onAct('spam')}>
              <Ban aria-hidden="true" />
              {text.spam}
            </button>
          )}
          <ConfirmDelete count={1} disabled={busy} onConfirm={() => onAct('delete')} />
          {onAuthor && (
            <button type="button" className="button review-action" onClick={onAuthor}>
              <UserSearch aria-hidden="true" />
              {text.authorComments}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
