import { describe, expect, it } from 'vitest';
import { offerWaitingWorkers } from '../../src/serviceWorker/register';

/** A worker as the registration sees it: it moves through its states and says so. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: ServiceWorker | null = null;
  installing: ServiceWorker | null = null;
  /** The browser found a new worker script and starts installing it. */
  find(worker: FakeWorker) {
    this.installing = worker as unknown as ServiceWorker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function watch(registration: FakeRegistration, controlled: () => boolean) {
  const offered: unknown[] = [];
  offerWaitingWorkers(registration, controlled, (worker) => offered.push(worker));
  return offered;
}

describe('the new-version offer (有新版本)', () => {
  it('is not made for the first worker: it takes the page at once', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, () => false);
    const first = new FakeWorker();
    registration.find(first);
    first.moveTo('installed');
    first.moveTo('activated');
    expect(offered).toEqual([]);
  });

  it('is made once a later worker has installed, while an older one controls the page', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, () => true);
    const next = new FakeWorker();
    registration.find(next);
    expect(offered).toEqual([]);
    next.moveTo('installed');
    expect(offered).toEqual([next]);
    // Only the reader's button moves it on: activating later offers nothing more.
    next.moveTo('activating');
    next.moveTo('activated');
    expect(offered).toEqual([next]);
  });

  it('is made at once for a worker already waiting when the page opens, and only on a controlled page', () => {
    const waiting = new FakeWorker() as unknown as ServiceWorker;
    const controlledPage = new FakeRegistration();
    controlledPage.waiting = waiting;
    expect(watch(controlledPage, () => true)).toEqual([waiting]);
    const freshPage = new FakeRegistration();
    freshPage.waiting = waiting;
    expect(watch(freshPage, () => false)).toEqual([]);
  });

  it('is not made for a worker whose install failed', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, () => true);
    const broken = new FakeWorker();
    registration.find(broken);
    broken.moveTo('redundant');
    expect(offered).toEqual([]);
  });
});
