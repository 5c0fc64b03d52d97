import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TALK_MAX_LENGTH, talkProblem, talkToSend } from '../../../../src/domain/console/showcase/talkDraft';
import {
  itemsToStart,
  moveItem,
  roomLeft,
  uploadedItem,
  waitingItem,
  type UploadItem,
} from '../../../../src/domain/console/showcase/uploads';

const done = (n: number) => uploadedItem(`p${n}`, `/media/p${n}.webp`);

describe('a talk being written', () => {
  it('names what stops it: no text, too long, pictures on their way, failed pictures', () => {
    expect(talkProblem('   ', [])).toBe('empty');
    expect(talkProblem('字'.repeat(TALK_MAX_LENGTH), [])).toBeNull();
    expect(talkProblem('字'.repeat(TALK_MAX_LENGTH + 1), [])).toBe('tooLong');
    // An emoji is one character, as the server counts.
    expect(talkProblem('😀'.repeat(TALK_MAX_LENGTH), [])).toBeNull();
    expect(talkProblem('有字', [done(1), waitingItem('f', 'a.jpg')])).toBe('uploading');
    expect(talkProblem('有字', [done(1), { ...waitingItem('f', 'a.jpg'), status: 'failed', error: '失败' }])).toBe(
      'failedUploads',
    );
    expect(talkProblem('有字', [done(1), done(2)])).toBeNull();
  });

  it('sends the trimmed text and the pictures in the order shown', () => {
    expect(talkToSend(' 你好 \n', [done(2), done(1)])).toEqual({
      content: '你好',
      images: ['/media/p2.webp', '/media/p1.webp'],
    });
  });
});

describe('upload list rules', () => {
  const list = fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }).map((ns) => ns.map(done));

  it('moving an item keeps every item once, puts it at the target place, and keeps the others in order', () => {
    fc.assert(
      fc.property(list, fc.nat(), fc.nat(), (items, a, b) => {
        fc.pre(items.length > 0);
        const item = items[a % items.length]!;
        const over = items[b % items.length]!;
        const moved = moveItem(items, item.id, over.id);
        expect([...moved].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
          [...items].sort((x, y) => x.id.localeCompare(y.id)),
        );
        expect(moved.indexOf(item)).toBe(items.indexOf(over));
        expect(moved.filter((i) => i !== item)).toEqual(items.filter((i) => i !== item));
      }),
    );
  });

  it('starts waiting files first in the list first, never past the limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<UploadItem['status']>('waiting', 'uploading', 'done', 'failed'), { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        (statuses, limit) => {
          const items = statuses.map((status, i) => ({ ...waitingItem(`f${i}`, 'a.jpg'), status }));
          const running = statuses.filter((s) => s === 'uploading').length;
          const started = itemsToStart(items, limit);
          expect(started.length).toBe(
            Math.min(Math.max(0, limit - running), statuses.filter((s) => s === 'waiting').length),
          );
          expect(started).toEqual(
            items
              .filter((i) => i.status === 'waiting')
              .slice(0, started.length)
              .map((i) => i.id),
          );
        },
      ),
    );
  });

  it('leaves room for nine pictures at most', () => {
    expect(roomLeft([done(1), done(2)], 9)).toBe(7);
    expect(
      roomLeft(
        Array.from({ length: 10 }, (_, i) => done(i)),
        9,
      ),
    ).toBe(0);
  });
});
