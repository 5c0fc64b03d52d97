import { Eye, EyeOff, Trash2 } from 'lucide-react';
import type { BoardReplyItem } from '../../../domain/console/moderation/moderation';
import * as zhCN from '../../../i18n/zh-CN';
import { useService } from '../../di';
import { ConfirmButton } from '../ConfirmButton';
import { ListStatus } from '../ListStatus';
import { PersonLine } from './PersonLine';
import { formatTime } from './time';
import { usePagedList } from './usePagedList';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleModeration;
const words = text.board;

type ReplyAction = { kind: 'hide'; id: number; hidden: boolean } | { kind: 'delete'; id: number };

/** A post's replies, hidden ones too, each to hide, show again or delete. Read when opened. */
export function BoardReplies({ postId, onCountChange }: { postId: number; onCountChange: (delta: number) => void }) {
  const api = useService(CONSOLE_TOKENS.moderationApi);
  const replies = usePagedList<BoardReplyItem, null, ReplyAction>({
    query: null,
    size: 1,
    fetchPage: async () => {
      const list = await api.boardReplies(postId);
      return { list, total: list.length };
    },
    runAction: async (action) => {
      if (action.kind === 'hide') return { kind: 'replace', item: await api.setReplyHidden(action.id, action.hidden) };
      await api.removeReply(action.id);
      onCountChange(-1);
      return { kind: 'remove', id: action.id };
    },
    rowOf: (action) => action.id,
    told: (action) =>
      action.kind === 'delete' ? words.replyDeleted : action.hidden ? words.replyHidden : words.replyShown,
  });

  return (
    <div className="mod-replies">
      <ListStatus
        loading={replies.loading}
        shown={replies.shown}
        error={replies.error}
        empty={replies.items.length === 0}
        emptyText={words.repliesEmpty}
        onRetry={replies.reload}
      />
      <ol className="mod-replies__list">
        {replies.items.map((reply) => (
          <li key={reply.id} className="mod-reply" data-hidden={reply.hidden}>
            <div className="mod-row__head">
              <PersonLine id={reply.author.userId} nickName={reply.author.nickName} avatar={reply.author.avatar} />
              {reply.hidden && <span className="console-badge" data-tone="warning">{words.hiddenBadge}</span>}
              <time className="mod-row__time" dateTime={reply.createdAt}>
                {formatTime(reply.createdAt)}
              </time>
            </div>
            <p className="mod-row__text">{reply.content}</p>
            <div className="mod-row__actions">
              <button
                type="button"
                className="console-action"
                disabled={replies.acting}
                aria-label={reply.hidden ? words.showReply : words.hideReply}
                onClick={() => replies.act({ kind: 'hide', id: reply.id, hidden: !reply.hidden })}
              >
                {reply.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                <span className="console-action__label">{reply.hidden ? words.show : words.hide}</span>
              </button>
              <ConfirmButton
                label={words.deleteReply}
                title={words.confirmDeleteReply}
                description={text.cannotUndo}
                action={text.delete}
                danger
                disabled={replies.acting}
                onConfirm={() => replies.act({ kind: 'delete', id: reply.id })}
              >
                <Trash2 aria-hidden="true" />
                <span className="console-action__label">{text.delete}</span>
              </ConfirmButton>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
