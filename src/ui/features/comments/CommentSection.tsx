import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { ArrowDownWideNarrow, Lock, LogIn, MessagesSquare } from 'lucide-react';
import { use, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { displayName, isAdmin } from '../../../domain/account/account';
import type {
  CommentAuthor,
  CommentDraft,
  CommentOrder,
  CommentPage,
  CommentRef,
  CommentTarget,
  CommentTargetType,
  ShownComment,
} from '../../../domain/comments/comments';
import { commentCount, commentsMachine, shownThreads } from '../../../domain/comments/comments.machine';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { onServerPage, useHydrated, useNow, usePageData } from '../../app/pageData';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from '../account/useAccount';
import { CommentBox, type Refusal } from './CommentBox';
import { CommentThread } from './CommentThread';
import { useCommentFocus } from './useCommentFocus';
import './comments.css';

const text = zhCN.comments;

/** The page's load key: the server renders the first page with the article, the browser starts from it. */
export const commentsLoadKey = (target: CommentTarget) => `comments:${target.type}:${target.id}`;

/**
 * The server-rendered first page: collected while rendering on the server, read from the page's seed
 * while hydrating. Anywhere else there is none: the machine loads its first page itself.
 */
function useSeededPage(target: CommentTarget): CommentPage | null {
  const { seed, collect } = usePageData();
  const api = useService(TOKENS.commentsApi);
  const key = commentsLoadKey(target);
  const [seeded] = useState(() => (onServerPage() && seed && key in seed.loads ? (seed.loads[key] as CommentPage) : null));
  if (collect) {
    const outcome = use(collect(key, () => api.page(target, 'newest', null)));
    return outcome.ok ? (outcome.data as CommentPage) : null;
  }
  return seeded;
}

/** Where the reader is answering: the comment answered, in the thread it is in. */
interface Replying {
  threadId: number;
  to: CommentRef;
}

export interface CommentSectionProps {
  type: CommentTargetType;
  id: number;
}

/**
 * The comments under an article or a talk: the count, the box, the threads (newest or oldest first, 10 a
 * page with 加载更多), replies, likes and deletes, over the comments machine. Its code is fetched apart
 * from the page's; the server renders its first page with the page.
 */
export default function CommentSection({ type, id }: CommentSectionProps) {
  const target = useMemo<CommentTarget>(() => ({ type, id }), [type, id]);
  const seeded = useSeededPage(target);
  const api = useService(TOKENS.commentsApi);
  const notifier = useService(TOKENS.notifier);
  const clock = useService(TOKENS.clock);
  const hydrated = useHydrated();
  const { user, openLogin } = useAccount();
  const machine = useMemo(
    () =>
      commentsMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input }) => api.page(input.target, input.order, input.cursor)),
          fetchReplies: fromPromise(({ input }) => api.replies(input.id, input.cursor)),
          postComment: fromPromise(({ input }) => api.post(input.target, input.draft)),
          deleteComment: fromPromise(({ input }) => api.delete(input.id)),
          likeComment: fromPromise(({ input }) => api.like(input.id, input.liked)),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { target, initial: seeded } });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches({ list: 'loading' }));
  const loadingMore = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const threads = useMemo(() => shownThreads(context), [context]);
  const count = commentCount(context);
  const highlighted = useCommentFocus(actor, threads);
  const [replying, setReplying] = useState<Replying | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** The reply boxes replies were sent from, by the comment answered: a refused one opens again. */
  const sentFrom = useRef(new Map<number, Replying>());
  const now = useNow();

  useEffect(() => {
    const subscriptions = [
      actor.on('post.pending', () => notifier.notify({ level: 'success', message: text.pendingPosted })),
      actor.on('post.refused', ({ draft, message }) => {
        setRefusal({ draft, message });
        // The reply box it was written in opens again with it.
        const from = draft.replyTo === undefined ? undefined : sentFrom.current.get(draft.replyTo);
        if (from) setReplying(from);
      }),
      actor.on('delete.done', () => notifier.notify({ level: 'success', message: text.removed, durationMs: LIST_ACTION_NOTICE_MS })),
      ...(['delete.failed', 'like.failed', 'load.failed'] as const).map((type) =>
        actor.on(type, ({ message, reported }) => {
          if (!reported) notifier.notify({ level: 'error', message });
        }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, notifier]);

  // Likes and delete rights are the reader's: another reader (signing in or out) sees the list afresh.
  const reader = useRef(user?.id ?? null);
  useEffect(() => {
    if (reader.current === (user?.id ?? null)) return;
    reader.current = user?.id ?? null;
    actor.send({ type: 'list.refresh' });
  }, [user, actor]);

  const asVisitor = !user && context.visitorsMayComment;
  const canWrite = user !== null || asVisitor;

  const post = (draft: CommentDraft) => {
    const author: CommentAuthor = user
      ? { userId: user.id, nickName: displayName(user), avatar: user.avatar, site: '', admin: isAdmin(user) }
      : { userId: null, nickName: draft.visitor?.nickName.trim() ?? '', avatar: '', site: draft.visitor?.site.trim() ?? '', admin: false };
    setRefusal(null);
    if (draft.replyTo !== undefined && replying) {
      sentFrom.current.set(draft.replyTo, replying);
      setReplying(null);
    }
    actor.send({ type: 'comment.post', draft, author, at: new Date(clock.now()).toISOString() });
  };

  const reply = (comment: ShownComment) => {
    if (!canWrite) {
      openLogin();
      return;
    }
    setReplying({ threadId: comment.parentId ?? comment.id, to: { id: comment.id, nickName: comment.author.nickName } });
  };

  const like = (commentId: number) => actor.send({ type: 'comment.like', id: commentId });
  const remove = (commentId: number) => actor.send({ type: 'comment.delete', id: commentId });
  const setOrder = (order: CommentOrder) => order !== context.order && actor.send({ type: 'order.set', order });
  const refusedReply = refusal?.draft.replyTo;

  let list;
  if (failed) {
    list = (
      <div className="comments__state">
        <p>{context.error ?? text.loadFailed}</p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'list.refresh' })}>
          {text.retry}
        </button>
      </div>
    );
  } else if (threads.length === 0) {
    list = <p className="comments__state">{loading ? text.loading : text.empty}</p>;
  } else {
    list = (
      <ol className="comments__list" aria-busy={loading}>
        {threads.map((thread) => {
          const answering = replying?.threadId === thread.id ? replying.to : undefined;
          return (
            <CommentThread
              key={thread.id}
              thread={thread}
              now={now}
              highlighted={highlighted}
              loadingReplies={context.repliesLoad?.parentId === thread.id}
              replyBox={
                answering && (
                  <CommentBox
                    key={answering.id}
                    replyTo={answering}
                    asVisitor={asVisitor}
                    refusal={refusedReply === answering.id ? refusal : null}
                    onSubmit={post}
                    onCancel={() => setReplying(null)}
                  />
                )
              }
              onReply={reply}
              onLike={like}
              onDelete={remove}
              onMoreReplies={(threadId) => actor.send({ type: 'replies.more', id: threadId })}
            />
          );
        })}
      </ol>
    );
  }

  return (
    // `data-live`: the section's code is there (a server-rendered one is static HTML until then).
    <section className="card comments" id="comments" aria-labelledby="comments-title" data-live={hydrated}>
      <header className="comments__head">
        <h2 id="comments-title" className="comments__title">
          <MessagesSquare aria-hidden="true" />
          {text.title}
          <span className="comments__count">{text.count(count)}</span>
        </h2>
        <div className="comments__order" role="group" aria-label={text.order}>
          <ArrowDownWideNarrow aria-hidden="true" />
          {(['newest', 'oldest'] as const).map((order) => (
            <button
              key={order}
              type="button"
              className="comments__order-option"
              aria-pressed={context.order === order}
              onClick={() => setOrder(order)}
            >
              {text[order]}
            </button>
          ))}
        </div>
      </header>
      {context.closed ? (
        <div className="comments__login">
          <Lock aria-hidden="true" />
          <span>{text.closed}</span>
        </div>
      ) : canWrite ? (
        <CommentBox asVisitor={asVisitor} refusal={refusal && refusedReply === undefined ? refusal : null} onSubmit={post} />
      ) : (
        <div className="comments__login">
          <LogIn aria-hidden="true" />
          <span>{text.loginHint}</span>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {text.login}
          </button>
        </div>
      )}
      {list}
      {threads.length > 0 && !failed && (
        <div className="comments__more">
          {context.nextCursor !== null ? (
            <button type="button" className="button" disabled={loadingMore} onClick={() => actor.send({ type: 'page.next' })}>
              {loadingMore ? text.loading : text.loadMore}
            </button>
          ) : (
            <span>{text.noMore}</span>
          )}
        </div>
      )}
    </section>
  );
}
