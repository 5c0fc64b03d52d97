import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { uploadsMachine } from '../../../../src/domain/console/showcase/uploads.machine';
import { uploadedUrls, type UploadItem } from '../../../../src/domain/console/showcase/uploads';

/** The list with a fake upload per item: which uploads are on their way, and which were stopped. */
function start(limit = 2, existing: { id: string; url: string }[] = []) {
  const live = new Set<string>();
  const started: string[] = [];
  const actor = createActor(
    uploadsMachine.provide({
      actors: {
        uploadFile: fromCallback<EventObject, { id: string }>(({ input }) => {
          live.add(input.id);
          started.push(input.id);
          return () => live.delete(input.id);
        }),
      },
    }),
    { input: { limit, items: existing } },
  ).start();
  const items = () => actor.getSnapshot().context.items;
  const status = (id: string) => items().find((item) => item.id === id)?.status;
  return { actor, live, started, items, status };
}

describe('uploadsMachine', () => {
  it('sends at most `limit` files at once, in the list order, and starts the next as one finishes', () => {
    const list = start(2);
    list.actor.send({ type: 'files.add', files: ['a', 'b', 'c'].map((id) => ({ id, name: `${id}.jpg` })) });
    expect(list.started).toEqual(['a', 'b']);
    expect(list.status('c')).toBe('waiting');
    expect(list.actor.getSnapshot().hasTag('busy')).toBe(true);

    list.actor.send({ type: 'upload.progress', id: 'b', fraction: 0.5 });
    expect(list.items().find((item) => item.id === 'b')?.progress).toBe(0.5);
    list.actor.send({ type: 'upload.done', id: 'b', url: '/media/b.webp' });
    expect(list.started).toEqual(['a', 'b', 'c']);
    expect([...list.live].sort()).toEqual(['a', 'c']);
    list.actor.send({ type: 'upload.failed', id: 'a', error: '只能上传图片' });
    list.actor.send({ type: 'upload.done', id: 'c', url: '/media/c.webp' });
    expect(list.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(list.items().find((item) => item.id === 'a')).toMatchObject({ status: 'failed', error: '只能上传图片' });
    expect(uploadedUrls(list.items())).toEqual(['/media/b.webp', '/media/c.webp']);
  });

  it('tries a failed file again, and stops a file removed on its way', () => {
    const list = start(1);
    list.actor.send({
      type: 'files.add',
      files: [
        { id: 'a', name: 'a.jpg' },
        { id: 'b', name: 'b.jpg' },
      ],
    });
    list.actor.send({ type: 'upload.failed', id: 'a', error: '网络错误' });
    expect(list.status('b')).toBe('uploading');
    list.actor.send({ type: 'item.retry', id: 'a' });
    expect(list.status('a')).toBe('waiting');
    list.actor.send({ type: 'item.remove', id: 'b' });
    expect(list.live.has('b')).toBe(false);
    expect(list.status('a')).toBe('uploading');
    // A late report of the removed upload changes nothing.
    list.actor.send({ type: 'upload.done', id: 'b', url: '/media/b.webp' });
    expect(list.items().map((item) => item.id)).toEqual(['a']);
  });

  it('keeps the order it is given by dragging, pictures already uploaded included', () => {
    const list = start(2, [
      { id: 'x', url: '/media/x.webp' },
      { id: 'y', url: '/media/y.webp' },
    ]);
    list.actor.send({ type: 'files.add', files: [{ id: 'z', name: 'z.jpg' }] });
    list.actor.send({ type: 'item.move', id: 'z', overId: 'x' });
    list.actor.send({ type: 'upload.done', id: 'z', url: '/media/z.webp' });
    expect(uploadedUrls(list.items())).toEqual(['/media/z.webp', '/media/x.webp', '/media/y.webp']);
    list.actor.send({ type: 'items.reset', items: [{ id: 'w', url: '/media/w.webp' }] });
    expect(uploadedUrls(list.items())).toEqual(['/media/w.webp']);
  });

  type Op =
    | { kind: 'add'; count: number }
    | { kind: 'done' | 'fail' | 'progress' | 'retry' | 'remove'; pick: number }
    | { kind: 'move'; pick: number; over: number }
    | { kind: 'reset'; count: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), count: fc.integer({ min: 1, max: 4 }) }),
    fc.record({
      kind: fc.constantFrom('done' as const, 'fail' as const, 'progress' as const, 'retry' as const, 'remove' as const),
      pick: fc.nat(),
    }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), over: fc.nat() }),
    fc.record({ kind: fc.constant('reset' as const), count: fc.integer({ min: 0, max: 2 }) }),
  );

  it('under any sequence of files, reports, retries, removals and moves: never more than `limit` at once, never an idle slot while a file waits, one live upload per item on its way, the order kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 60 }), (limit, ops) => {
        const list = start(limit);
        /** The ids in the order the list must show them, and the address each finished one must keep. */
        let order: string[] = [];
        const urls = new Map<string, string>();
        let next = 0;
        const pickFrom = (items: UploadItem[], n: number) => items[n % Math.max(1, items.length)];
        for (const step of ops) {
          const items = list.items();
          if (step.kind === 'add') {
            const files = Array.from({ length: step.count }, () => ({ id: `f${next++}`, name: 'p.jpg' }));
            list.actor.send({ type: 'files.add', files });
            order.push(...files.map((file) => file.id));
          } else if (step.kind === 'reset') {
            const kept = Array.from({ length: step.count }, () => ({ id: `u${next++}`, url: `/media/u${next}.webp` }));
            list.actor.send({ type: 'items.reset', items: kept });
            order = kept.map((item) => item.id);
            for (const item of kept) urls.set(item.id, item.url);
          } else if (step.kind === 'move') {
            const item = pickFrom(items, step.pick);
            const over = pickFrom(items, step.over);
            if (!item || !over) continue;
            list.actor.send({ type: 'item.move', id: item.id, overId: over.id });
            // Dropped on another item, it takes that item's place; those between shift by one.
            const [from, to] = [order.indexOf(item.id), order.indexOf(over.id)];
            order.splice(from, 1);
            order.splice(to, 0, item.id);
          } else {
            const item = pickFrom(items, step.pick);
            if (!item) continue;
            if (step.kind === 'done') {
              list.actor.send({ type: 'upload.done', id: item.id, url: `/media/${item.id}.webp` });
              if (item.status === 'uploading') urls.set(item.id, `/media/${item.id}.webp`);
            } else if (step.kind === 'fail') list.actor.send({ type: 'upload.failed', id: item.id, error: '失败' });
            else if (step.kind === 'progress') list.actor.send({ type: 'upload.progress', id: item.id, fraction: 0.4 });
            else if (step.kind === 'retry') list.actor.send({ type: 'item.retry', id: item.id });
            else {
              list.actor.send({ type: 'item.remove', id: item.id });
              order = order.filter((id) => id !== item.id);
            }
          }

          const now = list.items();
          const uploading = now.filter((item) => item.status === 'uploading');
          expect(uploading.length).toBeLessThanOrEqual(limit);
          if (uploading.length < limit) expect(now.some((item) => item.status === 'waiting')).toBe(false);
          expect([...list.live].sort()).toEqual(uploading.map((item) => item.id).sort());
          expect(now.map((item) => item.id)).toEqual(order);
          for (const item of now.filter((i) => i.status === 'done')) expect(item.url).toBe(urls.get(item.id));
          const pending = now.some((item) => item.status === 'waiting' || item.status === 'uploading');
          expect(list.actor.getSnapshot().hasTag('busy')).toBe(pending);
        }
        list.actor.stop();
        expect(list.live.size).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});
