import type { ActiveNotice } from '../../ports/notifier';

/** A place in the stack of notices: a notice shown, or the empty place of one that has left. */
export interface NoticeSlot {
  id: number;
  notice: ActiveNotice | null;
  /** The notice's height when it was shown, kept for its empty place (px). */
  height: number;
}

/**
 * The stack after the feed changed. A notice that leaves while a later one is still shown keeps its
 * place, empty and as tall as it was, so the later ones do not jump up (a shift the reader sees and
 * Lighthouse counts against the page); the empty places go once no notice after them is left.
 */
export function nextNoticeSlots(slots: readonly NoticeSlot[], notices: readonly ActiveNotice[], heights: ReadonlyMap<number, number>): NoticeSlot[] {
  const live = new Map(notices.map((notice) => [notice.id, notice]));
  const kept = slots.map((slot) => ({ id: slot.id, notice: live.get(slot.id) ?? null, height: heights.get(slot.id) ?? slot.height }));
  const known = new Set(slots.map((slot) => slot.id));
  const added = notices.filter((notice) => !known.has(notice.id)).map((notice) => ({ id: notice.id, notice, height: 0 }));
  const all = [...kept, ...added];
  let last = all.length - 1;
  while (last >= 0 && all[last]!.notice === null) last -= 1;
  return all.slice(0, last + 1);
}
