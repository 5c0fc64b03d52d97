import type { UserInfo } from '../domain/account/account';
import type { PageHeader } from '../domain/app/pageHeader';
import type { Preferences } from '../domain/preferences/preferences';
import type { SiteInfo } from '../domain/site/site';
import type { Theme } from '../domain/theme/theme';

/**
 * What the server rendered a page with, embedded in the page as JSON: the browser starts its actors and
 * views from the same values, so hydration neither fetches the data again nor changes what is shown.
 */
export interface PageSeed {
  config: SiteInfo | null;
  pageHeaders: PageHeader[] | null;
  /** The signed-in user according to the session cookie. */
  user: UserInfo | null;
  /** The theme the markup was rendered in (the reader's stored choice when the server knows it). */
  theme: Theme;
  preferences: Preferences;
  /**
   * When the server rendered the page (ms since the epoch). Its relative times and running days count from it
   * while the page hydrates, so they match its markup, a kept copy's minute-old markup too (see useNow).
   */
  renderedAt: number;
  /** What the page's views loaded, by their load key (see useLoad). */
  loads: Record<string, unknown>;
}

/** The cookie that keeps the reader's interface language (`zh-CN` or `en`), set by the header's switch. */
export const LANGUAGE_COOKIE = 'lang';

/** The cookie that mirrors the reader's theme and reading preferences, so the server renders with them. */
export const UI_COOKIE = 'blog_ui';

export interface UiCookie {
  theme?: Theme;
  preferences?: Partial<Preferences>;
}
