// Apart from notification.ts: the header's bell is in every signed-in page's first load, the rest comes
// with the notifications machine.

/** Spec section 9: the badge shows at most 9. */
export const BADGE_MAX = 9;

/** The bell's badge: nothing at zero, the count up to 9, then "9+". */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
}
