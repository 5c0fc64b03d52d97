import { MessagesSquare } from 'lucide-react';
import { lazy, memo, Suspense } from 'react';
import type { CommentTargetType } from '../../../domain/comments/comments';
import * as zhCN from '../../../i18n/zh-CN';
import { Loading } from '../../components/Loading';
import './comments.css';

// Its own chunk: the comments add nothing to the page's first load. A server-rendered section stays as
// the server sent it (static HTML) until this code arrives and hydrates it in place.
const CommentSection = lazy(() => import('./CommentSection'));

/** Shown while the section's code arrives on a page the browser renders itself. */
function Pending({ count }: { count: number }) {
  return (
    <section className="card comments" aria-label={zhCN.content.comments.title}>
      <h2 className="comments__title">
        <MessagesSquare aria-hidden="true" />
        {zhCN.content.comments.title}
        <span className="comments__count">{zhCN.content.comments.count(count)}</span>
      </h2>
      <Loading />
    </section>
  );
}

interface CommentsSlotProps {
  type: CommentTargetType;
  id: number;
  /** The count the page already knows, for the moment before the section is there. */
  count: number;
}

/**
 * Where the comments go. Memoised on plain props: while the server's markup waits for its code, an update
 * of the page around it must not reach the boundary (React would drop the markup and render the fallback).
 */
export const CommentsSlot = memo(function CommentsSlot({ type, id, count }: CommentsSlotProps) {
  return (
    <Suspense fallback={<Pending count={count} />}>
      <CommentSection type={type} id={id} />
    </Suspense>
  );
});
