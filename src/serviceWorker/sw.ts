/// <reference lib="webworker" />
/**
 * The offline worker (issue 25), built by vite-plugin-pwa's injectManifest into /sw.js. Pages and public API
 * reads are network-first with a short timeout, so a reader online always gets the latest; hashed assets and
 * media pictures are cache-first (their names change with their bytes). Everything private or live is left
 * to the network (see policy.ts). A new version waits until the reader presses the bar's button.
 */
import { clientsClaim, type RouteHandlerCallbackOptions } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CACHE_NAMES, NETWORK_TIMEOUT_SECONDS, articleIdOf, isStorable, requestKind, type RequestKind } from './policy';
import { offlinePageHtml, pageTitle, type ReadableArticle } from './offlinePage';
import { OFFLINE_COPY_HEADER, WORKER_MESSAGES, type WorkerMessage } from './messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Refuses answers the rules say must not be kept (errors, no-store, private API answers). */
const storableOnly = (kind: RequestKind) => ({
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    isStorable(kind, response.status, response.headers.get('cache-control')) ? response : null,
});

const strategies: Record<Exclude<RequestKind, 'network'>, Strategy> = {
  page: new NetworkFirst({
    cacheName: CACHE_NAMES.page,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [storableOnly('page'), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
  api: new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [storableOnly('api'), new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
  asset: new CacheFirst({
    cacheName: CACHE_NAMES.asset,
    plugins: [storableOnly('asset'), new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
  image: new CacheFirst({
    cacheName: CACHE_NAMES.image,
    plugins: [
      storableOnly('image'),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
};

const kindOf = (request: Request): RequestKind =>
  requestKind(
    { url: request.url, method: request.method, mode: request.mode, destination: request.destination, range: request.headers.get('range') },
    self.location.origin,
  );

for (const kind of ['page', 'api', 'asset', 'image'] as const) {
  registerRoute(({ request }) => kindOf(request) === kind, strategies[kind]);
}

/** The articles whose pages are kept, newest visit first, with their titles. */
async function readableArticles(): Promise<ReadableArticle[]> {
  const cache = await caches.open(CACHE_NAMES.page);
  const requests = (await cache.keys()).filter((request) => articleIdOf(request.url) !== null).reverse();
  const articles = await Promise.all(
    requests.map(async (request) => {
      const html = await (await cache.match(request))?.text();
      const title = html ? pageTitle(html) : null;
      return title ? { url: new URL(request.url).pathname + new URL(request.url).search, title } : null;
    }),
  );
  return articles.filter((article): article is ReadableArticle => article !== null);
}

// A page never kept, asked for offline: the friendly offline page with what can be read instead.
setCatchHandler(async ({ request }: RouteHandlerCallbackOptions) => {
  if (request instanceof Request && request.mode === 'navigate') {
    return new Response(offlinePageHtml(await readableArticles()), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return Response.error();
});

/**
 * Copies of what a page loaded before this worker controlled it, or of a page reached by an in-app
 * navigation (its HTML never passed through here), each into the cache its kind of request uses.
 */
async function keepCopies(pages: readonly string[], resources: readonly string[]): Promise<void> {
  const wanted = [...pages.map((url) => ({ url, mode: 'navigate' })), ...resources.map((url) => ({ url, mode: 'cors' }))];
  await Promise.all(
    wanted.map(async ({ url, mode }) => {
      const page = new URL(url, self.location.origin);
      const kind = requestKind({ url: page.href, method: 'GET', mode, destination: '', range: null }, self.location.origin);
      if (kind === 'network') return;
      const cache = await caches.open(CACHE_NAMES[kind]);
      // Hashed assets and pictures never change: one copy is enough. Pages and reads are refreshed.
      if ((kind === 'asset' || kind === 'image') && (await cache.match(page.href))) return;
      // The server does not count a copy as a page view (the reader's visit was counted already).
      const response = await fetch(page.href, { headers: { [OFFLINE_COPY_HEADER]: '1' }, credentials: 'same-origin' }).catch(() => undefined);
      // A failed copy leaves the last one.
      if (response && isStorable(kind, response.status, response.headers.get('cache-control'))) await cache.put(page.href, response);
    }),
  );
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === WORKER_MESSAGES.skipWaiting) void self.skipWaiting();
  else if (message?.type === WORKER_MESSAGES.keep) event.waitUntil(keepCopies(message.pages, message.resources));
});

// The site's icons and manifest (the build lists them); the pages and their code are kept as they are used.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open pages at once (there is nothing older to keep them consistent with);
// a later one waits for the reader (see register.ts).
clientsClaim();
