import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ReportedError } from '../../../../src/domain/account/account';
import {
  SEARCH_QUIET_MS,
  applyOutcome,
  pageCount,
  pagedListMachine,
  type ActionOutcome,
  type PagedListEmitted,
} from '../../../../src/domain/console/moderation/pagedList.machine';

interface Item {
  id: number;
  label: string;
  hidden?: boolean;
}
type Query = { keyword: string };
type Action = { kind: 'hide'; id: number } | { kind: 'delete'; id: number } | { kind: 'mute'; userId: number };

/** The rows a fake server answers for a query and page: ids that encode both, so a wrong answer shows. */
function pageFor(query: Query, current: number, size: number, total = 45): { list: Item[]; total: number } {
  const count = Math.max(0, Math.min(size, total - (current - 1) * size));
  return {
    list: Array.from({ length: count }, (_, i) => ({ id: (current - 1) * size + i + 1, label: `${query.keyword}#${current}.${i}` })),
    total,
  };
}

const machine = pagedListMachine<Item, Query, Action>((action) => (action.kind === 'mute' ? null : action.id));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  fetch: (query: Query, current: number, size: number) => Promise<{ list: Item[]; total: number }> = async (q, c, s) => pageFor(q, c, s),
  act: (action: Action) => Promise<ActionOutcome<Item>> = async () => ({ kind: 'none' }),
) {
  const clock = new SimulatedClock();
  const reads: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        fetchPage: fromPromise(({ input }) => {
          reads.push(`${input.query.keyword}@${input.current}`);
          return fetch(input.query, input.current, input.size);
        }),
        runAction: fromPromise(({ input }) => act(input.action)),
      },
    }),
    { input: { query: { keyword: '' }, size: 10 }, clock },
  );
  const emitted: PagedListEmitted<Item, Action>[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, clock, reads, emitted };
}

describe('pagedListMachine', () => {
  it('reads the first page at once, a typed search after a quiet moment, a picked filter and a page at once', async () => {
    const { actor, clock, reads } = start();
    await settle();
    expect(reads).toEqual(['@1']);
    expect(actor.getSnapshot().context).toMatchObject({ total: 45, current: 1, shown: { query: { keyword: '' }, current: 1 } });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);

    actor.send({ type: 'page.go', current: 3 });
    await settle();
    actor.send({ type: 'query.type', query: { keyword: '雨' } });
    clock.increment(SEARCH_QUIET_MS - 1);
    actor.send({ type: 'query.type', query: { keyword: '雨天' } });
    clock.increment(SEARCH_QUIET_MS - 1);
    expect(reads).toEqual(['@1', '@3']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clock.increment(1);
    await settle();
    // A new search starts again from page 1.
    expect(reads).toEqual(['@1', '@3', '雨天@1']);
    actor.send({ type: 'query.set', query: { keyword: '晴' } });
    await settle();
    expect(reads.at(-1)).toBe('晴@1');
    expect(actor.getSnapshot().context.items[0]?.label).toBe('晴#1.0');
  });

  it('shows why a read failed, and reads again on request', async () => {
    let fail = true;
    const { actor } = start(async (q, c, s) => {
      if (fail) throw new Error('网络错误');
      return pageFor(q, c, s);
    });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('网络错误');
    fail = false;
    actor.send({ type: 'list.reload' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ error: null, total: 45 });
  });

  it('runs one action at a time: its answer replaces or removes the row, and says so', async () => {
    let release: (outcome: ActionOutcome<Item>) => void = () => undefined;
    const started: Action[] = [];
    const { actor, emitted } = start(undefined, (action) => {
      started.push(action);
      return new Promise((resolve) => (release = resolve));
    });
    await settle();
    actor.send({ type: 'item.act', action: { kind: 'hide', id: 2 } });
    expect(actor.getSnapshot().context.acting).toBe(2);
    expect(actor.getSnapshot().hasTag('acting')).toBe(true);
    // A second action while one runs is not started.
    actor.send({ type: 'item.act', action: { kind: 'delete', id: 3 } });
    expect(started).toEqual([{ kind: 'hide', id: 2 }]);
    release({ kind: 'replace', item: { id: 2, label: 'hidden', hidden: true } });
    await settle();
    expect(actor.getSnapshot().context.items.find((i) => i.id === 2)).toEqual({ id: 2, label: 'hidden', hidden: true });
    expect(actor.getSnapshot().context.acting).toBeNull();

    actor.send({ type: 'item.act', action: { kind: 'delete', id: 3 } });
    release({ kind: 'remove', id: 3 });
    await settle();
    expect(actor.getSnapshot().context.items.map((i) => i.id)).not.toContain(3);
    expect(actor.getSnapshot().context.total).toBe(44);
    expect(emitted.filter((e) => e.type === 'action.done').map((e) => e.action)).toEqual([
      { kind: 'hide', id: 2 },
      { kind: 'delete', id: 3 },
    ]);
  });

  it('reads the page again after an action that changed other rows, and reports a failed one once', async () => {
    let outcome: () => Promise<ActionOutcome<Item>> = async () => ({ kind: 'reload' });
    const { actor, reads, emitted } = start(undefined, () => outcome());
    await settle();
    actor.send({ type: 'item.act', action: { kind: 'mute', userId: 7 } });
    expect(actor.getSnapshot().context.acting).toBeNull();
    await settle();
    await settle();
    expect(reads).toEqual(['@1', '@1']);

    outcome = async () => {
      throw new Error('不能对自己这样做');
    };
    actor.send({ type: 'item.act', action: { kind: 'delete', id: 1 } });
    await settle();
    outcome = async () => {
      throw new ReportedError('已提示');
    };
    actor.send({ type: 'item.act', action: { kind: 'delete', id: 1 } });
    await settle();
    expect(emitted.filter((e) => e.type === 'action.failed')).toEqual([
      { type: 'action.failed', action: { kind: 'delete', id: 1 }, message: '不能对自己这样做', reported: false },
      { type: 'action.failed', action: { kind: 'delete', id: 1 }, message: '已提示', reported: true },
    ]);
    expect(actor.getSnapshot().context.items).toHaveLength(10);
  });

  it('steps back a page when removals empty the last one', async () => {
    const rows = new Map<number, Item>(pageFor({ keyword: '' }, 1, 30, 21).list.map((item) => [item.id, item]));
    const { actor } = start(
      async (_q, current, size) => {
        const all = [...rows.values()];
        return { list: all.slice((current - 1) * size, current * size), total: all.length };
      },
      async (action) => {
        if (action.kind !== 'delete') return { kind: 'none' };
        rows.delete(action.id);
        return { kind: 'remove', id: action.id };
      },
    );
    await settle();
    actor.send({ type: 'page.go', current: 3 });
    await settle();
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([21]);
    actor.send({ type: 'item.act', action: { kind: 'delete', id: 21 } });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ current: 2, total: 20 });
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('reads the first page again when removals empty it while rows remain', async () => {
    const rows = new Map<number, Item>(pageFor({ keyword: '' }, 1, 30, 11).list.map((item) => [item.id, item]));
    const { actor, reads } = start(
      async (_q, current, size) => {
        const all = [...rows.values()];
        return { list: all.slice((current - 1) * size, current * size), total: all.length };
      },
      async (action) => {
        if (action.kind !== 'delete') return { kind: 'none' };
        rows.delete(action.id);
        return { kind: 'remove', id: action.id };
      },
    );
    await settle();
    for (let id = 1; id <= 10; id++) {
      actor.send({ type: 'item.act', action: { kind: 'delete', id } });
      await settle();
    }
    await settle();
    expect(reads).toEqual(['@1', '@1']);
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual([11]);
  });

  it('always ends showing the answer for the last query and page, whatever order the answers arrive in', async () => {
    const step = fc.oneof(
      fc.record({ type: fc.constant('query.type' as const), keyword: fc.constantFrom('', '雨', '雨天', 'abc') }),
      fc.record({ type: fc.constant('query.set' as const), keyword: fc.constantFrom('', '雨', '晴') }),
      fc.record({ type: fc.constant('page.go' as const), current: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ type: fc.constant('wait' as const), ms: fc.constantFrom(0, SEARCH_QUIET_MS - 1, SEARCH_QUIET_MS) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { minLength: 1, maxLength: 12 }), async (s, steps) => {
        const { actor, clock } = start((q, c, size) => s.schedule(Promise.resolve(pageFor(q, c, size)), `${q.keyword}@${c}`));
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { items, shown, size } = snapshot.context;
          if (shown && JSON.stringify(items) !== JSON.stringify(pageFor(shown.query, shown.current, size).list)) {
            problems.push(`rows do not answer ${JSON.stringify(shown)}`);
          }
        });
        const driving = s.scheduleSequence(
          steps.map((entry) => ({
            label: JSON.stringify(entry),
            builder: async () => {
              if (entry.type === 'wait') clock.increment(entry.ms);
              else if (entry.type === 'page.go') actor.send(entry);
              else actor.send({ type: entry.type, query: { keyword: entry.keyword } });
            },
          })),
        );
        await s.waitFor(driving.task);
        clock.increment(SEARCH_QUIET_MS);
        await s.waitAll();
        const { context } = actor.getSnapshot();
        expect(problems).toEqual([]);
        expect(actor.getSnapshot().hasTag('ready')).toBe(true);
        expect(context.shown).toEqual({ query: context.query, current: context.current });
        expect(context.items).toEqual(pageFor(context.query, context.current, context.size).list);
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});

describe('the list rules', () => {
  it('replaces and removes only the row named; counts pages', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 20 }), fc.integer({ min: 1, max: 50 }), (ids, id) => {
        const items = ids.map((n) => ({ id: n, label: String(n) }));
        const removed = applyOutcome(items, 100, { kind: 'remove', id });
        expect(removed.items.map((i) => i.id)).toEqual(ids.filter((n) => n !== id));
        expect(removed.total).toBe(ids.includes(id) ? 99 : 100);
        const replaced = applyOutcome(items, 100, { kind: 'replace', item: { id, label: 'new' } });
        expect(replaced.items.map((i) => (i.id === id ? i.label : i.label === String(i.id)))).toEqual(
          ids.map((n) => (n === id ? 'new' : true)),
        );
      }),
    );
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20)]).toEqual([1, 1, 2]);
  });
});
