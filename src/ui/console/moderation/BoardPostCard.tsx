import { ChevronDown, ChevronUp, Eye, EyeOff, Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BoardPostItem } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { BoardReplies } from './BoardReplies';
import { ConfirmButton } from '../ConfirmButton';
import { PersonLine } from './PersonLine';
import { formatTime } from './time';

const text = zhCN.consoleModeration;
const words = text.board;

interface BoardPostCardProps {
  post: BoardPostItem;
  busy: boolean;
  onHidden: (hidden: boolean) => void;
  onDelete: () => void;
}

/** One post: its text, author and counts, hidden or not; its replies open beneath it. */
export function BoardPostCard({ post, busy, onHidden, onDelete }: BoardPostCardProps) {
  const [open, setOpen] = useState(false);
  const [replyCount, setReplyCount] = useState(post.replyCount);
  return (
    <li className="mod-row mod-post" data-id={post.id} data-hidden={post.hidden}>
      <div className="mod-row__head">
        <PersonLine id={post.author.userId} nickName={post.author.nickName} avatar={post.author.avatar} />
        {post.author.userId === null && <span className="mod-row__note">{words.anonymous}</span>}
        {post.hidden && <span className="console-badge" data-tone="warning">{words.hiddenBadge}</span>}
        <time className="mod-row__time" dateTime={post.createdAt}>
          {formatTime(post.createdAt)}
        </time>
      </div>
      <p className="mod-row__text mod-post__text" style={post.color ? { borderLeftColor: post.color } : undefined}>
        {post.content}
      </p>
      <div className="mod-row__actions">
        <span className="mod-row__note">
          <Heart aria-hidden="true" />
          {words.likes(post.likes)}
        </span>
        {replyCount > 0 && (
          <button type="button" className="console-action" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            <span className="console-action__label">{open ? words.hideReplies : words.showReplies(replyCount)}</span>
          </button>
        )}
        <button
          type="button"
          className="console-action"
          disabled={busy}
          aria-label={post.hidden ? words.showPost : words.hidePost}
          onClick={() => onHidden(!post.hidden)}
        >
          {post.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          <span className="console-action__label">{post.hidden ? words.show : words.hide}</span>
        </button>
        <ConfirmButton
          label={words.deletePost}
          title={words.confirmDeletePost}
          description={`${words.deletePostHint}${text.cannotUndo}`}
          action={text.delete}
          danger
          disabled={busy}
          onConfirm={onDelete}
        >
          <Trash2 aria-hidden="true" />
          <span className="console-action__label">{text.delete}</span>
        </ConfirmButton>
      </div>
      {open && <BoardReplies postId={post.id} onCountChange={(delta) => setReplyCount((count) => count + delta)} />}
    </li>
  );
}
