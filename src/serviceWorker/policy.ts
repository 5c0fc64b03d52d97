/**
 * Which requests the offline worker answers, and how (issue 25). Pure, so the rules are tested on their own:
 * anything not listed here goes straight to the network and is never stored.
 */

/** The worker's caches, one per kind of request; the version suffix lets a future worker drop the old ones wholesale. */
export const CACHE_NAMES = {
  page: 'tingyu-pages-v1',
  api: 'tingyu-api-v1',
  asset: 'tingyu-assets-v1',
  image: 'tingyu-images-v1',
} as const;

/** A page or an API read waits this long for the network before the stored copy is shown. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** What the worker does with a request. */
export type RequestKind = keyof typeof CACHE_NAMES | 'network';

/** The parts of a request the rules read (a `Request` has all of them). */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
  destination: string;
  /** The request's Range header, if any: a byte range is never stored. */
  range: string | null;
}

/**
 * Paths whose answers depend on who asks, or that are live: the console, the personal centre, accounts,
 * notifications, the chat room's socket and history, likes, and the music API with its audio ranges.
 */
const PRIVATE_PREFIXES = [
  '/admin',
  '/userCenter',
  '/api/admin/',
  '/api/user/',
  '/api/notify/',
  '/api/chat/',
  '/api/talk/likeState',
  '/api/comment/',
  '/api/links/getPending',
  '/api/upload/',
  '/ws/',
  '/wapi/',
] as const;

/** Hashed build output (`/assets/name-<hash>.js`): the name changes whenever the bytes do. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/** The worker's answer for a request made from `origin`. */
export function requestKind(request: RequestFacts, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== 'GET' || request.range !== null) return 'network';
  if (isPrivatePath(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/api/')) return 'api';
  if (HASHED_ASSET.test(url.pathname)) return 'asset';
  // Media names are content hashes, and a width variant is its own URL: what was shown is what is kept.
  if (url.pathname.startsWith('/media/') && (request.destination === 'image' || request.destination === '')) return 'image';
  return 'network';
}

/**
 * Whether an answer may be stored: a success, and, for API reads, not marked private or no-store by the
 * server (pages are `private, no-cache` for shared caches, which this browser-local copy is not).
 */
export function isStorable(kind: RequestKind, status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false;
  const directives = (cacheControl ?? '').toLowerCase();
  if (/\bno-store\b/.test(directives)) return false;
  return kind === 'page' || !/\bprivate\b/.test(directives);
}

/** An article page's address (`/article?id=3`) as kept in the pages cache, or null for any other page. */
export function articleIdOf(url: string): number | null {
  const parsed = new URL(url);
  if (parsed.pathname !== '/article') return null;
  const id = Number(parsed.searchParams.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
