import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActiveNotice } from '../../../src/ports/notifier';
import { nextNoticeSlots, type NoticeSlot } from '../../../src/ui/shell/noticeSlots';

const notice = (id: number): ActiveNotice => ({ id, level: 'info', message: `消息 ${id}` });
const ids = (slots: NoticeSlot[]) => slots.map((slot) => (slot.notice ? slot.id : `(${slot.id})`));

describe('the stack of notices', () => {
  it('keeps a leaving notice’s place, as tall as it was, while a later one is shown, and drops it after', () => {
    const heights = new Map([
      [1, 48],
      [2, 72],
    ]);
    const both = nextNoticeSlots([], [notice(1), notice(2)], heights);
    const firstGone = nextNoticeSlots(both, [notice(2)], heights);
    expect(ids(firstGone)).toEqual(['(1)', 2]);
    expect(firstGone[0]!.height).toBe(48);
    // A new notice comes after the empty place: nothing above it moves.
    const third = nextNoticeSlots(firstGone, [notice(2), notice(3)], heights);
    expect(ids(third)).toEqual(['(1)', 2, 3]);
    expect(ids(nextNoticeSlots(third, [notice(3)], heights))).toEqual(['(1)', '(2)', 3]);
    expect(ids(nextNoticeSlots(third, [], heights))).toEqual([]);
  });

  it('never moves a notice still shown: its offset from the top only changes when it arrives', () => {
    // Any sequence of feeds: each step some notices leave (any of them) and new ones come, with new ids at
    // the end, as the notifier makes them.
    const steps = fc.array(fc.record({ leave: fc.array(fc.nat(), { maxLength: 3 }), come: fc.integer({ min: 0, max: 2 }) }), { maxLength: 12 });
    fc.assert(
      fc.property(steps, (changes) => {
        let slots: NoticeSlot[] = [];
        let order: number[] = [];
        let nextId = 1;
        for (const { leave, come } of changes) {
          const leaving = new Set(leave.map((index) => order[index % Math.max(order.length, 1)]));
          order = order.filter((id) => !leaving.has(id));
          for (let n = 0; n < come; n += 1) order.push(nextId++);
          // On screen a notice is as tall as it renders (here id × 10 px), an empty place as its slot says.
          const offsets = (stack: NoticeSlot[]) => {
            const result = new Map<number, number>();
            let top = 0;
            for (const slot of stack) {
              result.set(slot.id, top);
              top += slot.notice ? slot.id * 10 : slot.height;
            }
            return result;
          };
          const shown = new Set(slots.filter((slot) => slot.notice).map((slot) => slot.id));
          const before = offsets(slots);
          slots = nextNoticeSlots(slots, order.map(notice), new Map([...shown].map((id) => [id, id * 10])));
          expect(slots.filter((slot) => slot.notice).map((slot) => slot.id)).toEqual(order);
          const after = offsets(slots);
          for (const id of order) if (shown.has(id)) expect(after.get(id)).toBe(before.get(id));
          if (slots.length > 0) expect(slots.at(-1)!.notice).not.toBeNull();
        }
      }),
    );
  });
});
