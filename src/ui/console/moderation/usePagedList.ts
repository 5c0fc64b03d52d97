import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ListPage } from '../../../domain/console/moderation/moderation';
import { pagedListMachine, type ActionOutcome, type Row } from '../../../domain/console/moderation/pagedList.machine';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

export interface PagedListCalls<Item, Query, Action> {
  /** The query the list starts with. */
  query: Query;
  size: number;
  fetchPage(query: Query, current: number, size: number): Promise<ListPage<Item>>;
  runAction?(action: Action): Promise<ActionOutcome<Item>>;
  /** Which row an action is about (its buttons wait meanwhile); none by default. */
  rowOf?(action: Action): number | null;
  /** What a done action says in a short notice; null for nothing. */
  told?(action: Action, outcome: ActionOutcome<Item>): string | null;
}

/**
 * A searched, paged list over a pagedList machine: the calls are read once (remount with a `key` to change
 * them); a done action is told in a short notice, a refused one in the server's words (unless the HTTP client
 * already showed it).
 */
export function usePagedList<Item extends Row, Query, Action>(calls: PagedListCalls<Item, Query, Action>) {
  const notifier = useService(TOKENS.notifier);
  const [setup] = useState(() => ({
    calls,
    machine: pagedListMachine<Item, Query, Action>(calls.rowOf).provide({
      actors: {
        fetchPage: fromPromise(({ input }) => calls.fetchPage(input.query, input.current, input.size)),
        runAction: fromPromise(({ input }) =>
          calls.runAction ? calls.runAction(input.action) : Promise.reject(new Error('no actions on this list')),
        ),
      },
    }),
  }));
  const actor = useActorRef(setup.machine, { input: { query: calls.query, size: calls.size } });

  useEffect(() => {
    const done = actor.on('action.done', ({ action, outcome }) => {
      const message = setup.calls.told?.(action, outcome);
      if (message) notifier.notify({ level: 'success', message, durationMs: LIST_ACTION_NOTICE_MS });
    });
    const failed = actor.on('action.failed', ({ message, reported }) => {
      if (!reported) notifier.notify({ level: 'error', message });
    });
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, notifier, setup]);

  const items = useSelector(actor, (s) => s.context.items);
  const total = useSelector(actor, (s) => s.context.total);
  const current = useSelector(actor, (s) => s.context.current);
  const query = useSelector(actor, (s) => s.context.query);
  const error = useSelector(actor, (s) => (s.hasTag('error') ? s.context.error : null));
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const shown = useSelector(actor, (s) => s.context.shown !== null);
  const acting = useSelector(actor, (s) => s.hasTag('acting'));
  const actingOn = useSelector(actor, (s) => s.context.acting);

  return {
    items,
    total,
    current,
    size: calls.size,
    query,
    error,
    loading,
    /** Some answer has arrived: an empty list means none match. */
    shown,
    acting,
    actingOn,
    type: (next: Query) => actor.send({ type: 'query.type', query: next }),
    search: (next: Query) => actor.send({ type: 'query.set', query: next }),
    goTo: (page: number) => actor.send({ type: 'page.go', current: page }),
    reload: () => actor.send({ type: 'list.reload' }),
    act: (action: Action) => actor.send({ type: 'item.act', action }),
  };
}

export type PagedList<Item extends Row, Query, Action> = ReturnType<typeof usePagedList<Item, Query, Action>>;
