import { browserIdleScheduler } from '../ui/hooks/idleCallback';

/** The link the server puts in every page's head while the offline mode is on (OFFLINE=on, the default). */
const MANIFEST_LINK = 'link[rel="manifest"]';

/**
 * The only part of the offline worker in the first load: after the load event, when the browser is idle,
 * it fetches the registration's own chunk. With the offline mode turned off (no manifest link), a worker
 * this browser still has is removed instead.
 */
export function registerOfflineWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const enabled = document.querySelector(MANIFEST_LINK) !== null;
  if (!enabled && !navigator.serviceWorker.controller) return;
  const start = () =>
    browserIdleScheduler(window)(() => {
      void import('./register').then((worker) => (enabled ? worker.registerOfflineWorker() : worker.removeOfflineWorker()));
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
