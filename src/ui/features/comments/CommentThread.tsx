import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ShownComment, ShownThread } from '../../../domain/comments/comments';
import * as zhCN from '../../../i18n/zh-CN';
import { CommentItem } from './CommentItem';

const text = zhCN.comments;

interface CommentThreadProps {
  thread: ShownThread;
  now: number;
  highlighted: number | null;
  /** Its replies are loading. */
  loadingReplies: boolean;
  /** The reply box, when the reader is answering a comment of this thread. */
  replyBox: ReactNode;
  onReply(comment: ShownComment): void;
  onLike(id: number): void;
  onDelete(id: number): void;
  onMoreReplies(id: number): void;
}

/** A top-level comment, its replies (the first three, then 查看全部 N 条回复) and the reply box. */
export function CommentThread({ thread, now, highlighted, loadingReplies, replyBox, onReply, onLike, onDelete, onMoreReplies }: CommentThreadProps) {
  const actions = { now, onReply, onLike, onDelete };
  // Only the first three came with the thread: the first click says how many there are in all.
  const expanded = thread.replies.length > 3;
  return (
    <li className="comment-thread">
      <CommentItem comment={thread} highlighted={highlighted === thread.id} {...actions} />
      {(thread.replies.length > 0 || thread.moreReplies > 0 || replyBox) && (
        <div className="comment-thread__replies">
          {thread.replies.length > 0 && (
            <ol className="comment-thread__list">
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem comment={reply} reply highlighted={highlighted === reply.id} {...actions} />
                </li>
              ))}
            </ol>
          )}
          {thread.moreReplies > 0 && (
            <button
              type="button"
              className="comment-thread__more"
              disabled={loadingReplies}
              onClick={() => onMoreReplies(thread.id)}
            >
              {loadingReplies ? text.loading : expanded ? text.moreReplies(thread.moreReplies) : text.showAllReplies(thread.replyCount)}
              <ChevronDown aria-hidden="true" />
            </button>
          )}
          {replyBox}
        </div>
      )}
    </li>
  );
}
