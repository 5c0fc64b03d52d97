/** The query parameter of the personal centre that opens the 「不是我」 page with a link's token. */
export const NOT_ME_PARAM = 'notMe';

/**
 * The 「不是我」 page's address for a link's token, as the notice and the email carry it. Opening it changes
 * nothing (mail scanners open links): the page's button makes the call.
 */
export function notMeLink(token: string): string {
  return `/userCenter?${NOT_ME_PARAM}=${encodeURIComponent(token)}`;
}
