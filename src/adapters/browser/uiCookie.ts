import { UI_COOKIE, type UiCookie } from '../../ports/pageSeed';

const ONE_YEAR_S = 365 * 24 * 3600;

function readUiCookie(): UiCookie {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${UI_COOKIE}=`));
  if (!entry) return {};
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(UI_COOKIE.length + 1)));
    return typeof value === 'object' && value !== null ? (value as UiCookie) : {};
  } catch {
    return {};
  }
}

/**
 * Mirrors the reader's theme and reading preferences (kept in local storage) into a cookie, so the server
 * renders the next page with them and nothing changes when it hydrates. Not a credential.
 */
export function writeUiCookie(change: UiCookie): void {
  const value = encodeURIComponent(JSON.stringify({ ...readUiCookie(), ...change }));
  document.cookie = `${UI_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}
