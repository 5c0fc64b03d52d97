import { formatClock, formatMonthDay } from '../content/format';

/** A chat person as the avatar expects a user. */
export const asUser = (person: { userId: number; nickName: string; avatar: string }) => ({
  id: person.userId,
  nickName: person.nickName,
  avatar: person.avatar,
  role: 0,
});

/** A message's time: the clock today, else its day too (`03-05 14:08`, English `Mar 5 14:08`). */
export function formatTime(iso: string, nowMs: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === new Date(nowMs).toDateString();
  return sameDay ? formatClock(date) : `${formatMonthDay(iso)} ${formatClock(date)}`;
}
