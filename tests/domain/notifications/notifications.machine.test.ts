import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { ReportedError } from '../../../src/domain/account/account';
import type { NotificationItem, NotificationPage } from '../../../src/domain/notifications/notification';
import { notificationsMachine, type NotificationsEmitted } from '../../../src/domain/notifications/notifications.machine';
import type { NotifyApi } from '../../../src/ports/notifyApi';

/** A notify server in memory: newest first, pages by offset exactly like the real one. */
class FakeNotifyServer implements NotifyApi {
  items: NotificationItem[] = [];
  private nextId = 1;
  adminUrl = 'https://admin.example.com';
  failDelete: Error | null = null;
  calls = { page: [] as number[], markRead: [] as number[], delete: [] as number[] };

  constructor(count: number, type = 1) {
    for (let i = 0; i < count; i++) this.arrive(type);
  }

  arrive(type = 1): void {
    const id = this.nextId++;
    this.items.unshift({ id, message: `notice ${id}`, unread: true, type, toId: id * 10, createdAt: '2026-01-01T00:00:00.000Z' });
  }

  async page(page: number, size: number): Promise<NotificationPage> {
    this.calls.page.push(page);
    return {
      list: this.items.slice((page - 1) * size, page * size).map((entry) => ({ ...entry })),
      total: this.items.length,
      unread: this.items.filter((entry) => entry.unread).length,
      adminUrl: this.adminUrl,
    };
  }

  async markRead(id: number): Promise<void> {
    this.calls.markRead.push(id);
    const found = this.items.find((entry) => entry.id === id);
    if (found) found.unread = false;
  }

  async delete(id: number): Promise<void> {
    this.calls.delete.push(id);
    if (this.failDelete) throw this.failDelete;
    this.items = this.items.filter((entry) => entry.id !== id);
  }
}

function start(server: FakeNotifyServer) {
  const machine = notificationsMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => server.page(input.page, input.size)),
      markRead: fromPromise(({ input }) => server.markRead(input.id)),
      deleteItem: fromPromise(({ input }) => server.delete(input.id)),
    },
  });
  const actor = createActor(machine);
  const emitted: NotificationsEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, emitted };
}

type NotificationsActor = Actor<typeof notificationsMachine>;
const settled = (actor: NotificationsActor) => waitFor(actor, (s) => s.hasTag('ready') || s.hasTag('error') || s.matches('inactive'));
const ids = (actor: NotificationsActor) => actor.getSnapshot().context.items.map((entry) => entry.id);

afterEach(() => {
  vi.useRealTimers();
});

describe('notificationsMachine', () => {
  it('stays inactive without a session, then loads page 1 of 10 for the badge on sign-in', async () => {
    const server = new FakeNotifyServer(23);
    const { actor } = start(server);
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(server.calls.page).toEqual([]);
    actor.send({ type: 'session.started' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled(actor);
    expect(server.calls.page).toEqual([1]);
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 23, unread: 23, exhausted: false, drawerOpen: false, adminUrl: 'https://admin.example.com' });
    expect(ids(actor)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
  });

  it('opening the drawer reloads page 1; "load more" appends pages until a short page (已经到底啦)', async () => {
    const server = new FakeNotifyServer(23);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'drawer.open' });
    await settled(actor);
    expect(actor.getSnapshot().context.drawerOpen).toBe(true);
    actor.send({ type: 'page.next' });
    await settled(actor);
    actor.send({ type: 'page.next' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ page: 3, exhausted: true });
    expect(ids(actor)).toEqual(server.items.map((entry) => entry.id));
    actor.send({ type: 'page.next' });
    expect(server.calls.page).toEqual([1, 1, 2, 3]);
  });

  it('an exact multiple of 10 ends with an empty page', async () => {
    const server = new FakeNotifyServer(10);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    expect(actor.getSnapshot().context.exhausted).toBe(false);
    actor.send({ type: 'page.next' });
    await settled(actor);
    expect(actor.getSnapshot().context).toMatchObject({ exhausted: true, page: 2 });
    expect(ids(actor)).toHaveLength(10);
  });

  it.each([
    [1, { kind: 'route', path: '/article?id=30' }],
    [2, { kind: 'route', path: '/talk?id=30' }],
    [3, { kind: 'route', path: '/message/list' }],
    [4, { kind: 'external', url: 'https://admin.example.com' }],
  ])('a click on type %i marks it read, navigates to %j, closes the drawer and reloads', async (type, target) => {
    const server = new FakeNotifyServer(3, type);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'drawer.open' });
    await settled(actor);
    actor.send({ type: 'item.open', id: 3 });
    await settled(actor);
    expect(server.calls.markRead).toEqual([3]);
    expect(emitted).toContainEqual({ type: 'navigate', target });
    expect(actor.getSnapshot().context.drawerOpen).toBe(false);
    expect(server.calls.page).toEqual([1, 1, 1]);
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ id: 3, unread: false });
    expect(actor.getSnapshot().context.unread).toBe(2);
  });

  it('a click on a read notice navigates without marking it again', async () => {
    const server = new FakeNotifyServer(2);
    server.items[0]!.unread = false;
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'item.open', id: 2 });
    await settled(actor);
    expect(server.calls.markRead).toEqual([]);
    expect(emitted).toContainEqual({ type: 'navigate', target: { kind: 'route', path: '/article?id=20' } });
  });

  it('a link followed inside a notice marks it read and leads where the link says, not to the notice’s target', async () => {
    const server = new FakeNotifyServer(3, 3);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'drawer.open' });
    await settled(actor);
    const target = { kind: 'route', path: '/talk?id=2' } as const;
    actor.send({ type: 'item.follow', id: 2, target });
    await settled(actor);
    expect(server.calls.markRead).toEqual([2]);
    expect(emitted.filter((event) => event.type === 'navigate')).toEqual([{ type: 'navigate', target }]);
    expect(actor.getSnapshot().context).toMatchObject({ drawerOpen: false, link: null });
    // The next plain click goes to the notice's own target again.
    actor.send({ type: 'item.open', id: 3 });
    await settled(actor);
    expect(emitted.at(-1)).toEqual({ type: 'navigate', target: { kind: 'route', path: '/message/list' } });
  });

  it('a link in the list shown while it reloads still works', async () => {
    const server = new FakeNotifyServer(2);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'drawer.open' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const target = { kind: 'external', url: 'https://example.com/' } as const;
    actor.send({ type: 'item.follow', id: 1, target });
    await settled(actor);
    expect(emitted).toContainEqual({ type: 'navigate', target });
    expect(server.calls.markRead).toEqual([1]);
  });

  it('the bell opens the drawer while the list reloads after a click, and it shows the reloaded list', async () => {
    const server = new FakeNotifyServer(2);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    // The reload after the click waits until released, so the bell is pressed while it is under way.
    let release = () => {};
    const answer = server.page.bind(server);
    server.page = (page, size) => new Promise((resolve) => (release = () => resolve(answer(page, size))));
    actor.send({ type: 'item.open', id: 2 });
    await waitFor(actor, (s) => s.matches({ active: 'loadingFirst' }));
    expect(actor.getSnapshot().context.drawerOpen).toBe(false);
    actor.send({ type: 'drawer.open' });
    expect(actor.getSnapshot().context.drawerOpen).toBe(true);
    release();
    await settled(actor);
    expect(actor.getSnapshot().context.drawerOpen).toBe(true);
    expect(actor.getSnapshot().context.items.find((item) => item.id === 2)?.unread).toBe(false);
  });

  /** Holds every page request until `release()`: the tests below act while a load is under way. */
  function holdPages(server: FakeNotifyServer) {
    const waiting: (() => void)[] = [];
    const answer = server.page.bind(server);
    server.page = (page, size) => new Promise((resolve) => waiting.push(() => resolve(answer(page, size))));
    return () => waiting.splice(0).forEach((resolve) => resolve());
  }

  it('a notice opened shows as read, and the badge drops, before the reload answers', async () => {
    const server = new FakeNotifyServer(2);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    const release = holdPages(server);
    actor.send({ type: 'item.open', id: 2 });
    await waitFor(actor, (s) => s.matches({ active: 'loadingFirst' }));
    expect(actor.getSnapshot().context.items.find((item) => item.id === 2)?.unread).toBe(false);
    expect(actor.getSnapshot().context.unread).toBe(1);
    release();
    await settled(actor);
    expect(actor.getSnapshot().context.unread).toBe(1);
  });

  it('opening the drawer while page 1 loads asks again, so a notice that arrived meanwhile is shown', async () => {
    const server = new FakeNotifyServer(1);
    const release = holdPages(server);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    server.arrive();
    actor.send({ type: 'drawer.open' });
    release();
    await settled(actor);
    expect(ids(actor)).toEqual([2, 1]);
    expect(server.calls.page).toEqual([1, 1]);
  });

  it('a notice in the list shown while it loads opens like any other', async () => {
    const server = new FakeNotifyServer(2, 3);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    const release = holdPages(server);
    actor.send({ type: 'drawer.open' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('acting')).toBe(false);
    actor.send({ type: 'item.open', id: 1 });
    expect(actor.getSnapshot().hasTag('acting')).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('acting'));
    release();
    await settled(actor);
    expect(server.calls.markRead).toEqual([1]);
    expect(emitted).toContainEqual({ type: 'navigate', target: { kind: 'route', path: '/message/list' } });
  });

  it('a delete says 删除成功 and reloads from page 1', async () => {
    const server = new FakeNotifyServer(15);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'page.next' });
    await settled(actor);
    actor.send({ type: 'item.delete', id: 9 });
    await settled(actor);
    expect(emitted).toContainEqual({ type: 'deleted' });
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, total: 14 });
    expect(ids(actor)).not.toContain(9);
    expect(ids(actor)).toHaveLength(10);
  });

  it('a failed delete reports the server message, unless the HTTP client already did', async () => {
    const server = new FakeNotifyServer(2);
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    server.failDelete = new Error('删除失败');
    actor.send({ type: 'item.delete', id: 1 });
    await settled(actor);
    expect(emitted).toEqual([{ type: 'delete.failed', message: '删除失败' }]);
    server.failDelete = new ReportedError('不能查看或修改别人的消息');
    actor.send({ type: 'item.delete', id: 1 });
    await settled(actor);
    expect(emitted).toHaveLength(1);
    expect(ids(actor)).toEqual([2, 1]);
  });

  it('signing out empties the drawer', async () => {
    const server = new FakeNotifyServer(4);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context).toMatchObject({ items: [], unread: 0, drawerOpen: false });
  });

  it('refreshes the badge every minute while the drawer is closed, not while it is open', async () => {
    vi.useFakeTimers();
    const server = new FakeNotifyServer(1);
    const { actor } = start(server);
    actor.send({ type: 'session.started' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('ready')).toBe(true));
    server.arrive();
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(actor.getSnapshot().context.unread).toBe(2));
    actor.send({ type: 'drawer.open' });
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('ready')).toBe(true));
    const calls = server.calls.page.length;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(server.calls.page).toHaveLength(calls);
  });

  it('a failed first load can be retried by opening the drawer', async () => {
    const server = new FakeNotifyServer(1);
    const page = vi.spyOn(server, 'page').mockRejectedValueOnce(new Error('offline'));
    const { actor, emitted } = start(server);
    actor.send({ type: 'session.started' });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(emitted).toEqual([{ type: 'load.failed', message: 'offline' }]);
    actor.send({ type: 'drawer.open' });
    await settled(actor);
    expect(ids(actor)).toEqual([1]);
    expect(page).toHaveBeenCalledTimes(2);
  });
});

type Command = { kind: 'next' } | { kind: 'open'; pick: number } | { kind: 'delete'; pick: number } | { kind: 'arrive' };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'next' as const }) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'open' as const, pick })) },
  { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'delete' as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'arrive' as const }) },
);

describe('paging while notices are marked, deleted and arrive (property)', () => {
  it('never shows an item twice and never leaves a gap, and loading to the end shows exactly the server list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 35 }), fc.array(command, { maxLength: 25 }), async (initial, commands) => {
        const server = new FakeNotifyServer(initial);
        const { actor } = start(server);
        actor.send({ type: 'session.started' });
        await settled(actor);
        actor.send({ type: 'drawer.open' });
        await settled(actor);

        const check = () => {
          const shown = ids(actor);
          expect(new Set(shown).size).toBe(shown.length);
          // No gap: the shown items are a contiguous run of the server's current order.
          const order = server.items.map((entry) => entry.id);
          const live = shown.filter((id) => order.includes(id));
          expect(live).toEqual(shown);
          if (shown.length > 0) {
            const from = order.indexOf(shown[0]!);
            expect(order.slice(from, from + shown.length)).toEqual(shown);
          }
        };

        for (const step of commands) {
          const shown = ids(actor);
          switch (step.kind) {
            case 'next':
              actor.send({ type: 'page.next' });
              break;
            case 'arrive':
              server.arrive();
              break;
            case 'open':
              if (shown.length > 0) actor.send({ type: 'item.open', id: shown[step.pick % shown.length]! });
              break;
            case 'delete':
              if (shown.length > 0) actor.send({ type: 'item.delete', id: shown[step.pick % shown.length]! });
              break;
          }
          await settled(actor);
          if (step.kind !== 'arrive') check();
        }

        actor.send({ type: 'list.refresh' });
        await settled(actor);
        while (!actor.getSnapshot().context.exhausted) {
          actor.send({ type: 'page.next' });
          await settled(actor);
        }
        expect(ids(actor)).toEqual(server.items.map((entry) => entry.id));
        expect(actor.getSnapshot().context.unread).toBe(server.items.filter((entry) => entry.unread).length);
      }),
      { numRuns: 150 },
    );
  });
});
