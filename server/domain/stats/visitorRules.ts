/**
 * Who is counted and how a request reads in the statistics: pure rules over a request's headers, shared by
 * every counting point (server-rendered pages, in-app navigations, searches, songs played).
 */

/** The headers and viewer a counting point sees; nothing else of the request is looked at. */
export interface Visit {
  userAgent: string;
  /** `DNT` header. */
  doNotTrack?: string | undefined;
  /** `Sec-GPC` header. */
  globalPrivacyControl?: string | undefined;
  /** Role of the signed-in viewer, if any (1: administrator). */
  role?: number | undefined;
}

const ADMIN_ROLE = 1;

/**
 * Crawlers, link previewers, command-line clients and automation tools by the tokens they name themselves
 * with. A browser driven by a test ("HeadlessChrome") is left countable on purpose: it is a real browser.
 */
const BOT_USER_AGENT =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|bingpreview|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|slack|discord|redditbot|applebot|yandex|baiduspider|bytespider|sogou|360spider|petalbot|semrush|ahrefs|mj12|dotbot|headlesschrome\/.*lighthouse|lighthouse|pagespeed|gtmetrix|pingdom|uptimerobot|statuscake|monitor|curl\/|wget\/|httpie|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|libwww|lwp::|node-fetch|undici|axios\/|postman|insomnia|phantomjs|puppeteer|playwright|selenium|feedfetcher|rss|preview/i;

/** True for a crawler, previewer or script (an empty user agent is one too). */
export function isBot(userAgent: string): boolean {
  return userAgent.trim() === '' || BOT_USER_AGENT.test(userAgent);
}

/** True when the visitor asked not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export function optedOut(visit: Pick<Visit, 'doNotTrack' | 'globalPrivacyControl'>): boolean {
  return visit.doNotTrack?.trim() === '1' || visit.globalPrivacyControl?.trim() === '1';
}

/** Whether a visit is counted at all: not opted out, not a bot, not the administrator. */
export function counted(visit: Visit): boolean {
  return !optedOut(visit) && visit.role !== ADMIN_ROLE && !isBot(visit.userAgent);
}

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobile|iPhone|iPod|Android|Windows Phone|IEMobile|BlackBerry|Opera Mini|HarmonyOS/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Most specific first: Edge, Opera and the in-app browsers also say "Chrome" or "Safari". */
const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['微信', /MicroMessenger/i],
  ['QQ', /\bQQ\//i],
  ['Edge', /Edg(e|A|iOS)?\//],
  ['Opera', /OPR\/|Opera/],
  ['Samsung', /SamsungBrowser/],
  ['UC', /UCBrowser/],
  ['Firefox', /Firefox\/|FxiOS/],
  ['Chrome', /Chrome\/|CriOS/],
  ['Safari', /Safari\//],
];

/** The browser's family name, or '' when not recognised (shown as 其他). */
export function browserName(userAgent: string): string {
  return BROWSERS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? '';
}

/** Query parameters that name what a page shows (an article, a category); the rest is left out. */
const KEPT_PARAMETERS = ['id'];
const MAX_PATH = 200;

/**
 * A page's address as it is counted: the path without a trailing slash (`/` is `/home`, where it leads),
 * and of the query only the page's subject (`/article?id=3`), so paging and tracking parameters do not
 * split a page's count. Undefined for what is not a page address.
 */
export function pagePath(address: string): string | undefined {
  if (!address.startsWith('/') || address.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(address, 'http://site.invalid');
  } catch {
    return undefined;
  }
  let path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === '/') path = '/home';
  const kept = KEPT_PARAMETERS.flatMap((name) => {
    const value = url.searchParams.get(name);
    return value !== null && /^\d{1,12}$/.test(value) ? [`${name}=${value}`] : [];
  });
  const counted = kept.length > 0 ? `${path}?${kept.join('&')}` : path;
  return counted.length <= MAX_PATH ? counted : undefined;
}

/** The referring site's host, or '' for none, this site itself, or something that is not a web address. */
export function referrerHost(referrer: string | undefined, ownHost: string): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    const own = ownHost.toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');
    return host === own ? '' : host.slice(0, 100);
  } catch {
    return '';
  }
}

/** A search word as counted: trimmed, inner spaces collapsed, at most 50 characters; '' for none. */
export function searchWord(keyword: string): string {
  return [...keyword.trim().replace(/\s+/g, ' ')].slice(0, 50).join('');
}

/** The calendar day of an instant in the server's time zone (TZ), as `YYYY-MM-DD`. */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The day `days` before `day` (`YYYY-MM-DD`), by the calendar. */
export function dayBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return localDay(new Date(year, month - 1, date - days, 12));
}
