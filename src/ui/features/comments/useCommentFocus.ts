import { useSelector } from '../../hooks/useSelector';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { commentAnchor, seekStep, type ShownThread } from '../../../domain/comments/comments';
import type { commentsMachine } from '../../../domain/comments/comments.machine';
import { layOutEverything } from '../../app/layOutInSteps';
import { commentElementId } from './CommentItem';

/** Loads a search for a named comment may make before giving up (deep threads, old pages). */
const SEEK_LIMIT = 20;

/**
 * The comment the address names (`#comment-12`, where a notification or a reply email leads): the
 * section loads on until it is shown, then scrolls to it once per arrival; it stays highlighted. A
 * comment newer than the list shown (a notice opened on the page it is about) is found by reading the
 * list afresh once.
 */
export function useCommentFocus(actor: ActorRefFrom<typeof commentsMachine>, threads: ShownThread[]): number | null {
  const { hash, key } = useLocation();
  const wanted = commentAnchor(hash);
  const idle = useSelector(actor, (s) => s.matches({ list: 'ready' }) && s.matches({ replies: 'idle' }));
  const hasMore = useSelector(actor, (s) => s.context.nextCursor !== null);
  const step = wanted === null ? null : seekStep(threads, wanted, hasMore);
  /** Per arrival (each navigation, even to the same address): loads made so far, and whether it scrolled. */
  const search = useRef({ key: '', loads: 0, scrolled: false, refreshed: false });

  useEffect(() => {
    if (wanted === null || step === null) return;
    if (search.current.key !== key) search.current = { key, loads: 0, scrolled: false, refreshed: false };
    if (step.kind === 'found') {
      if (search.current.scrolled) return;
      search.current.scrolled = true;
      layOutEverything();
      document.getElementById(commentElementId(wanted))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    if (!idle || search.current.loads >= SEEK_LIMIT) return;
    search.current.loads += 1;
    if (step.kind === 'missing') {
      if (search.current.refreshed) return;
      search.current.refreshed = true;
      actor.send({ type: 'list.refresh' });
      return;
    }
    actor.send(step.kind === 'page' ? { type: 'page.next' } : { type: 'replies.more', id: step.id });
  }, [wanted, step, key, idle, actor]);

  return step?.kind === 'found' ? wanted : null;
}
