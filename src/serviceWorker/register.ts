import { pwa } from '../i18n/zh-CN/pwa';
import { WORKER_MESSAGES, type WorkerMessage } from './messages';
import './updateBar.css';

const WORKER_URL = '/sw.js';

/** Tests wait on this attribute of the root element: the worker controls the page. */
export const WORKER_READY_ATTRIBUTE = 'data-offline-ready';

function post(worker: ServiceWorker | null | undefined, message: WorkerMessage): void {
  worker?.postMessage(message);
}

/** Same-origin addresses this page loaded: copies for a worker that did not see them go by. */
function loadedResources(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(window.location.origin));
}

/**
 * 有新版本: a small bar whose button lets the waiting worker take over and reloads once it has. It is plain
 * DOM, outside the React tree, so the shell carries none of it; nothing reloads unless the reader asks.
 */
function offerUpdate(waiting: ServiceWorker): void {
  if (document.querySelector('.update-bar')) return;
  const bar = document.createElement('div');
  bar.className = 'update-bar';
  bar.setAttribute('role', 'status');
  const label = document.createElement('span');
  label.textContent = pwa.update.available;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'update-bar__reload';
  reload.textContent = pwa.update.reload;
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'update-bar__later';
  later.textContent = pwa.update.later;
  reload.addEventListener('click', () => {
    reload.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    post(waiting, { type: WORKER_MESSAGES.skipWaiting });
  });
  later.addEventListener('click', () => bar.remove());
  bar.append(label, reload, later);
  document.body.append(bar);
}

/**
 * Offline, a link followed inside the app would ask the API and fail: a full navigation instead lets the
 * worker answer with the kept page, or the offline page listing what can be read.
 */
function navigateFullyWhenOffline(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== window.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      window.location.assign(link.href);
    },
    true,
  );
}

/** Where the Navigation API exists, each in-app navigation's page is kept too (its HTML never passed the worker). */
function keepPagesNavigatedTo(): void {
  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigatesuccess', () => {
    post(navigator.serviceWorker.controller, { type: WORKER_MESSAGES.keep, pages: [window.location.href], resources: [] });
  });
}

/**
 * When 有新版本 is offered: for a worker already waiting as the page opens, or one that finishes installing
 * later, and only while an older worker controls the page. The first worker starts at once; a later one
 * waits for the reader.
 */
export function offerWaitingWorkers(
  registration: Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener'>,
  controlled: () => boolean,
  offer: (waiting: ServiceWorker) => void,
): void {
  if (registration.waiting && controlled()) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && controlled()) offer(installing);
    });
  });
}

export async function registerOfflineWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  offerWaitingWorkers(registration, () => navigator.serviceWorker.controller !== null, offerUpdate);
  navigateFullyWhenOffline();
  keepPagesNavigatedTo();
  const ready = await navigator.serviceWorker.ready;
  // What this page loaded before the worker was there: the page itself, its code, styles and pictures.
  post(ready.active, { type: WORKER_MESSAGES.keep, pages: [window.location.href], resources: loadedResources() });
  const markReady = () => document.documentElement.setAttribute(WORKER_READY_ATTRIBUTE, '');
  if (navigator.serviceWorker.controller) markReady();
  else navigator.serviceWorker.addEventListener('controllerchange', markReady, { once: true });
}

/** The offline mode was turned off: the worker leaves and its copies with it. */
export async function removeOfflineWorker(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith('tingyu-') || name.startsWith('workbox-')).map((name) => caches.delete(name)));
}
