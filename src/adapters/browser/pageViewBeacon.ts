import { STATS_VIEW_PATH } from '../../protocol/statsBeacon';
import type { PageViews } from '../../ports/pageViews';

/**
 * A keepalive fetch, not navigator.sendBeacon: the call must carry the X-Requested-With marker every
 * state-changing call carries, and a beacon cannot set headers. Sent once the browser is idle; a failure is
 * nobody's business.
 */
export const beaconPageViews: PageViews = {
  viewed(path) {
    const send = () =>
      void fetch(STATS_VIEW_PATH, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ path }),
      }).catch(() => undefined);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 5_000 });
    else setTimeout(send, 500);
  },
};

/** A server render counts nothing: the server counted the page it is rendering. */
export const silentPageViews: PageViews = { viewed: () => undefined };
