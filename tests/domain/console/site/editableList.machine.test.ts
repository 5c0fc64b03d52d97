import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ReportedError } from '../../../../src/domain/account/account';
import { editableListMachine, type EditableListEmitted } from '../../../../src/domain/console/site/editableList.machine';

interface Entry {
  id: number;
  name: string;
}

/** The server's side of one list: it refuses what it is told to, and an order that is not of its items. */
class FakeListServer {
  items: Entry[];
  private nextId: number;
  /** How the next writes fare, first first; none left: they succeed. */
  fates: ('ok' | 'refused')[] = [];

  constructor(items: Entry[]) {
    this.items = items.map((item) => ({ ...item }));
    this.nextId = Math.max(0, ...items.map((item) => item.id)) + 1;
  }

  private decide() {
    if (this.fates.shift() === 'refused') throw new Error('服务器拒绝了');
  }

  async load() {
    return this.items.map((item) => ({ ...item }));
  }

  async save(id: number | null, name: string) {
    this.decide();
    if (id === null) {
      const item = { id: this.nextId++, name };
      this.items.push(item);
      return { ...item };
    }
    const item = this.items.find((existing) => existing.id === id);
    if (!item) throw new Error('不存在');
    item.name = name;
    return { ...item };
  }

  async remove(id: number) {
    this.decide();
    if (!this.items.some((item) => item.id === id)) throw new Error('不存在');
    this.items = this.items.filter((item) => item.id !== id);
  }

  async merge(id: number, into: number) {
    this.decide();
    const from = this.items.find((item) => item.id === id);
    const target = this.items.find((item) => item.id === into);
    if (!from || !target || from === target) throw new Error('不能合并');
    target.name = `${target.name}+${from.name}`;
    this.items = this.items.filter((item) => item !== from);
    return this.load();
  }

  async arrange(ids: number[]) {
    this.decide();
    const current = new Set(this.items.map((item) => item.id));
    if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) {
      throw new Error('列表已经变化，请刷新后重新排序');
    }
    this.items = ids.map((id) => this.items.find((item) => item.id === id)!);
    return this.load();
  }
}

function openList(server: FakeListServer) {
  const machine = editableListMachine<Entry, string, string>().provide({
    actors: {
      loadItems: fromPromise(() => server.load()),
      saveItem: fromPromise(({ input }) => server.save(input.id, input.draft)),
      patchItem: fromPromise(({ input }) => server.save(input.id, input.patch)),
      removeItem: fromPromise(({ input }) => server.remove(input.id)),
      mergeItem: fromPromise(({ input }) => server.merge(input.id, input.into)),
      arrangeItems: fromPromise(({ input }) => server.arrange(input.ids)),
    },
  });
  const actor = createActor(machine).start();
  const emitted: EditableListEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
  return { actor, emitted, settled };
}

const SEED: Entry[] = [
  { id: 1, name: '前端' },
  { id: 2, name: '后端' },
  { id: 3, name: '工具' },
];
const ids = (items: readonly Entry[]) => items.map((item) => item.id);

describe('editableListMachine', () => {
  it('loads, adds last, edits in place and removes', async () => {
    const server = new FakeListServer(SEED);
    const { actor, emitted, settled } = openList(server);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.items).toEqual(SEED);

    actor.send({ type: 'item.save', id: null, draft: '设计' });
    await settled();
    actor.send({ type: 'item.save', id: 2, draft: '服务端' });
    await settled();
    actor.send({ type: 'item.remove', id: 1 });
    await settled();
    expect(actor.getSnapshot().context.items).toEqual([
      { id: 2, name: '服务端' },
      { id: 3, name: '工具' },
      { id: 4, name: '设计' },
    ]);
    expect(emitted.map((event) => event.type === 'write.done' && event.write)).toEqual(['save', 'save', 'remove']);
  });

  it('shows a new order at once, and goes back to the server\'s (read again) when it is refused', async () => {
    const server = new FakeListServer(SEED);
    const { actor, emitted, settled } = openList(server);
    await settled();
    // Another tab adds one: this tab's order no longer names every item.
    await server.save(null, '社区');
    actor.send({ type: 'list.arrange', ids: [3, 2, 1] });
    expect(ids(actor.getSnapshot().context.items)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.items).toEqual(server.items);
    expect(ids(actor.getSnapshot().context.items)).toEqual([1, 2, 3, 4]);
    expect(emitted).toContainEqual({ type: 'write.failed', write: 'arrange', message: '列表已经变化，请刷新后重新排序', reported: false });
  });

  it('merges and shows the list the server answers', async () => {
    const server = new FakeListServer(SEED);
    const { actor, settled } = openList(server);
    await settled();
    actor.send({ type: 'item.merge', id: 1, into: 3 });
    await settled();
    expect(actor.getSnapshot().context.items).toEqual([
      { id: 2, name: '后端' },
      { id: 3, name: '工具+前端' },
    ]);
  });

  it('keeps the list as it was when a write is refused, saying why unless it was already shown', async () => {
    const server = new FakeListServer(SEED);
    const { actor, emitted, settled } = openList(server);
    await settled();
    actor.send({ type: 'item.remove', id: 99 });
    await settled();
    const machine = editableListMachine<Entry, string>().provide({
      actors: {
        loadItems: fromPromise(() => server.load()),
        saveItem: fromPromise(() => Promise.reject(new ReportedError('权限不足'))),
      },
    });
    const other = createActor(machine).start();
    const otherEmitted: EditableListEmitted[] = [];
    other.on('write.failed', (event) => void otherEmitted.push(event));
    await waitFor(other, (snapshot) => snapshot.hasTag('ready'));
    other.send({ type: 'item.save', id: null, draft: '新' });
    await waitFor(other, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.items).toEqual(SEED);
    expect(emitted).toEqual([{ type: 'write.failed', write: 'remove', message: '不存在', reported: false }]);
    expect(otherEmitted).toEqual([{ type: 'write.failed', write: 'save', message: '权限不足', reported: true }]);
    expect(other.getSnapshot().context.items).toEqual(SEED);
  });

  it('says why a list cannot be read, and reads it again when asked', async () => {
    let attempts = 0;
    const machine = editableListMachine<Entry>().provide({
      actors: {
        loadItems: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('网络错误');
          return SEED;
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('error'));
    expect(actor.getSnapshot().context.error).toBe('网络错误');
    actor.send({ type: 'list.reload' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(actor.getSnapshot().context.items).toEqual(SEED);
  });

  type Command =
    | { kind: 'add'; name: string }
    | { kind: 'edit'; pick: number; name: string }
    | { kind: 'remove'; pick: number }
    | { kind: 'merge'; pick: number; into: number }
    | { kind: 'arrange'; order: number[] };

  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), name: fc.constantFrom('甲', '乙', '丙') }),
    fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), name: fc.constantFrom('丁', '戊') }),
    fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('merge' as const), pick: fc.nat(), into: fc.nat() }),
    fc.record({ kind: fc.constant('arrange' as const), order: fc.array(fc.nat(), { maxLength: 12 }) }),
  );

  it('under any writes, refused or not, always shows exactly what the server holds once it settles', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 25 }), fc.array(fc.constantFrom<'ok' | 'refused'>('ok', 'refused'), { maxLength: 25 }), async (commands, fates) => {
        const server = new FakeListServer(SEED);
        server.fates = [...fates];
        const { actor, settled } = openList(server);
        await settled();
        for (const step of commands) {
          const shown = actor.getSnapshot().context.items;
          const at = (n: number) => shown[n % Math.max(1, shown.length)]?.id ?? 1;
          if (step.kind === 'add') actor.send({ type: 'item.save', id: null, draft: step.name });
          if (step.kind === 'edit') actor.send({ type: 'item.save', id: at(step.pick), draft: step.name });
          if (step.kind === 'remove') actor.send({ type: 'item.remove', id: at(step.pick) });
          if (step.kind === 'merge') actor.send({ type: 'item.merge', id: at(step.pick), into: at(step.into) });
          if (step.kind === 'arrange') {
            // A shuffle of what is shown, by sorting on generated keys.
            const keys = shown.map((item, i) => ({ id: item.id, key: step.order[i] ?? i }));
            actor.send({ type: 'list.arrange', ids: keys.sort((a, b) => a.key - b.key).map((k) => k.id) });
          }
          await settled();
          expect(actor.getSnapshot().context.items).toEqual(server.items);
        }
      }),
      { numRuns: 150 },
    );
  });
});
