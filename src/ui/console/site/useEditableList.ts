import { useActorRef } from '@xstate/react';
import { useSelector } from '../../hooks/useSelector';
import { useCallback, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  editableListMachine,
  type EditableListEmitted,
  type EditableListEvent,
  type ListEntry,
  type ListWrite,
} from '../../../domain/console/site/editableList.machine';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/** The calls a page offers on its list; a write it does not offer is never sent. */
export interface ListCalls<Item, Draft, Patch> {
  load(): Promise<Item[]>;
  save?(id: number | null, draft: Draft): Promise<Item>;
  patch?(id: number, patch: Patch): Promise<Item>;
  remove?(id: number): Promise<void>;
  merge?(id: number, into: number): Promise<Item[]>;
  arrange?(ids: number[]): Promise<Item[]>;
}

const missing = (write: string) => () => Promise.reject(new Error(`no ${write} call`));

/**
 * A list kept in step with the server by an editableList machine: the calls are read once (remount with a
 * `key` to change them), each write's success is told in a short notice, and a refusal in the server's words.
 * `run` sends a write and resolves whether it was done, so a dialog knows when to close.
 */
export function useEditableList<Item extends ListEntry, Draft = never, Patch = never>(
  calls: ListCalls<Item, Draft, Patch>,
  notices: Partial<Record<ListWrite, string>>,
) {
  const notifier = useService(TOKENS.notifier);
  // The calls and notices of the first render: a page's calls do not change while it shows a list.
  const [machine] = useState(() =>
    editableListMachine<Item, Draft, Patch>().provide({
      actors: {
        loadItems: fromPromise(() => calls.load()),
        saveItem: fromPromise(({ input }) => (calls.save ?? missing('save'))(input.id, input.draft)),
        patchItem: fromPromise(({ input }) => (calls.patch ?? missing('patch'))(input.id, input.patch)),
        removeItem: fromPromise(({ input }) => (calls.remove ?? missing('remove'))(input.id)),
        mergeItem: fromPromise(({ input }) => (calls.merge ?? missing('merge'))(input.id, input.into)),
        arrangeItems: fromPromise(({ input }) => (calls.arrange ?? missing('arrange'))(input.ids)),
      },
    }),
  );
  const [told] = useState(notices);
  const actor = useActorRef(machine);
  const items = useSelector(actor, (snapshot) => snapshot.context.items);
  const error = useSelector(actor, (snapshot) => (snapshot.hasTag('error') ? snapshot.context.error : null));
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));

  useEffect(() => {
    const done = actor.on('write.done', ({ write }) => {
      const message = told[write];
      if (message) notifier.notify({ level: 'success', message, durationMs: LIST_ACTION_NOTICE_MS });
    });
    const failed = actor.on('write.failed', ({ message, reported }) => {
      if (!reported && message) notifier.notify({ level: 'error', message });
    });
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, notifier, told]);

  const run = useCallback(
    (event: Exclude<EditableListEvent<Draft, Patch>, { type: 'list.reload' }>) =>
      new Promise<boolean>((resolve) => {
        // One write at a time: a page disables its controls while busy, so this is a late double click.
        if (!actor.getSnapshot().hasTag('ready')) return resolve(false);
        const settle = (outcome: EditableListEmitted) => {
          done.unsubscribe();
          failed.unsubscribe();
          resolve(outcome.type === 'write.done');
        };
        const done = actor.on('write.done', settle);
        const failed = actor.on('write.failed', settle);
        actor.send(event);
      }),
    [actor],
  );

  const reload = useCallback(() => actor.send({ type: 'list.reload' }), [actor]);
  return { items, error, loading, busy, run, reload };
}
