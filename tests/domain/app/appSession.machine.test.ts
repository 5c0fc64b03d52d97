import { describe, it, expect } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import type { PageHeader } from '../../../src/domain/app/pageHeader';
import type { AppSessionEmitted } from '../../../src/domain/app/appSession.machine';
import { appSessionMachine, errorMessage } from '../../../src/domain/app/appSession.machine';

const HEADERS: PageHeader[] = [
  { route: '/', image: 'home.jpg' },
  { route: '/resources/front', image: 'front.jpg' },
];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Setup {
  windowNamed?: boolean;
  fetchPageHeaders?: () => Promise<PageHeader[]>;
  countView?: () => Promise<number | void>;
}

function startSession({ windowNamed = false, fetchPageHeaders, countView }: Setup) {
  const calls = { fetchPageHeaders: 0, countView: 0 };
  const machine = appSessionMachine.provide({
    actors: {
      fetchPageHeaders: fromPromise(async () => {
        calls.fetchPageHeaders++;
        return fetchPageHeaders ? fetchPageHeaders() : HEADERS;
      }),
      countView: fromPromise<number | void>(async () => {
        calls.countView++;
        if (countView) return countView();
      }),
    },
  });
  const actor = createActor(machine, { input: { windowNamed } });
  const emitted: AppSessionEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, emitted, calls };
}

describe('appSessionMachine', () => {
  it('welcomes, loads page headers, counts the view and ends ready', async () => {
    const { actor, emitted, calls } = startSession({});
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('ready')).toBe(false);

    const output = await toPromise(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.status).toBe('done');
    expect(snapshot.hasTag('ready')).toBe(true);
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.pageHeaders).toEqual(HEADERS);
    expect(snapshot.context.pageHeaderError).toBeNull();
    expect(output).toEqual({ pageHeaders: HEADERS, pageHeaderError: null });
    expect(emitted).toEqual([{ type: 'welcome' }]);
    expect(calls).toEqual({ fetchPageHeaders: 1, countView: 1 });
  });

  it('keeps the view count the server answered for this visit, so the configuration is not fetched again', async () => {
    const { actor } = startSession({ countView: async () => 1234 });
    await toPromise(actor);
    expect(actor.getSnapshot().context.viewCount).toBe(1234);
    const failed = startSession({ countView: () => Promise.reject(new Error('offline')) });
    await toPromise(failed.actor);
    expect(failed.actor.getSnapshot().context.viewCount).toBeNull();
  });

  it('emits the welcome synchronously at start', () => {
    const { emitted } = startSession({ fetchPageHeaders: () => new Promise(() => undefined) });
    expect(emitted).toEqual([{ type: 'welcome' }]);
  });

  it('does not welcome when the window already has a name, but still loads and counts', async () => {
    const { actor, emitted, calls } = startSession({ windowNamed: true });
    await toPromise(actor);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().context.pageHeaders).toEqual(HEADERS);
    expect(calls).toEqual({ fetchPageHeaders: 1, countView: 1 });
  });

  it('runs both calls in parallel and stays busy until both settle', async () => {
    const headers = deferred<PageHeader[]>();
    const view = deferred<void>();
    const { actor, calls } = startSession({ fetchPageHeaders: () => headers.promise, countView: () => view.promise });
    await Promise.resolve();
    // Both started before either finished.
    expect(calls).toEqual({ fetchPageHeaders: 1, countView: 1 });
    expect(actor.getSnapshot().matches({ loading: { headers: 'fetching', views: 'counting' } })).toBe(true);

    headers.resolve(HEADERS);
    await waitFor(actor, (s) => s.matches({ loading: { headers: 'loaded' } }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.pageHeaders).toEqual(HEADERS);

    view.resolve();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('reports a failed page-header fetch and still becomes ready', async () => {
    const { actor, emitted } = startSession({
      fetchPageHeaders: () => Promise.reject(new Error('network down')),
    });
    const output = await toPromise(actor);
    expect(emitted).toEqual([{ type: 'welcome' }, { type: 'pageHeaders.failed', message: 'network down' }]);
    expect(actor.getSnapshot().context.pageHeaderError).toBe('network down');
    expect(actor.getSnapshot().context.pageHeaders).toEqual([]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(output).toEqual({ pageHeaders: [], pageHeaderError: 'network down' });
  });

  it('swallows a failed view count', async () => {
    const { actor, emitted } = startSession({
      windowNamed: true,
      countView: () => Promise.reject(new Error('count failed')),
    });
    await toPromise(actor);
    expect(emitted).toEqual([]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.pageHeaders).toEqual(HEADERS);
    expect(actor.getSnapshot().context.pageHeaderError).toBeNull();
  });

  it('uses throwing placeholders when no actors are provided', async () => {
    const actor = createActor(appSessionMachine, { input: { windowNamed: true } });
    const emitted: AppSessionEmitted[] = [];
    actor.on('pageHeaders.failed', (event) => {
      emitted.push(event);
    });
    actor.start();
    await toPromise(actor);
    expect(emitted).toEqual([
      { type: 'pageHeaders.failed', message: 'appSession: fetchPageHeaders actor not provided' },
    ]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });
});

describe('errorMessage', () => {
  it('reads Error messages, strings and other values', () => {
    expect(errorMessage(new TypeError('bad'))).toBe('bad');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
  });
});
