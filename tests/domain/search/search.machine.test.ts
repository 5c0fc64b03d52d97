import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { HotArticle, SearchHit } from '../../../src/domain/content/content';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_KEYWORD_MAX_LENGTH,
  searchKeyword,
  searchMachine,
  type SearchEmitted,
} from '../../../src/domain/search/search.machine';

function hitsFor(keyword: string): SearchHit[] {
  return [
    {
      id: keyword.length,
      article_title: `关于${keyword}`,
      article_content: keyword,
      titleMatch: true,
      before: '',
      match: keyword,
      after: '',
      views: 0,
    },
  ];
}

const HOT: HotArticle[] = [{ id: 1, article_title: '惊蛰', views: 9, comment_count: 0 }];

interface Fakes {
  search?: (keyword: string) => Promise<SearchHit[]>;
  hot?: () => Promise<HotArticle[]>;
  history?: string[];
}

function start({ search = async (k) => hitsFor(k), hot = async () => HOT, history = [] }: Fakes = {}) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  let hotCalls = 0;
  const machine = searchMachine.provide({
    actors: {
      searchArticles: fromPromise(({ input }) => {
        calls.push(input.keyword);
        return search(input.keyword);
      }),
      fetchHotArticles: fromPromise(() => {
        hotCalls += 1;
        return hot();
      }),
    },
  });
  const actor = createActor(machine, { input: { history }, clock });
  const emitted: SearchEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, clock, calls, emitted, hotCalls: () => hotCalls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('searchMachine', () => {
  it('waits for a quiet moment, then searches only the last keyword typed', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'keyword.change', keyword: '有' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'keyword.change', keyword: '有限' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'keyword.change', keyword: '有限状态机' });
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(calls).toEqual(['有限状态机']);
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.resultsFor).toBe('有限状态机');
    expect(context.results).toEqual(hitsFor('有限状态机'));
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('saves a searched term to the history and announces it', async () => {
    const { actor, emitted } = start({ history: ['雨', '惊蛰'] });
    actor.send({ type: 'keyword.submit', keyword: '  惊蛰 ' });
    await settle();
    expect(actor.getSnapshot().context.history).toEqual(['惊蛰', '雨']);
    expect(emitted).toContainEqual({ type: 'history.changed', history: ['惊蛰', '雨'] });
  });

  it('clearing the box shows no results and makes no call', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'keyword.submit', keyword: '雨' });
    await settle();
    actor.send({ type: 'keyword.change', keyword: '   ' });
    clock.increment(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toEqual(['雨']);
    const { context } = actor.getSnapshot();
    expect(context.keyword).toBe('');
    expect(context.results).toEqual([]);
    expect(context.resultsFor).toBeNull();
  });

  it('ignores a keystroke that does not change the keyword', () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'keyword.change', keyword: '雨' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'keyword.change', keyword: '雨 ' });
    clock.increment(1);
    expect(calls).toEqual(['雨']);
  });

  it('clears the history on request and announces the empty list', () => {
    const { actor, emitted } = start({ history: ['雨'] });
    actor.send({ type: 'history.clear' });
    expect(actor.getSnapshot().context.history).toEqual([]);
    expect(emitted).toEqual([{ type: 'history.changed', history: [] }]);
  });

  it('reports a failed search with the error tag and keeps the keyword', async () => {
    const { actor } = start({ search: () => Promise.reject(new Error('网络连接失败')) });
    actor.send({ type: 'keyword.submit', keyword: '雨' });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('error')).toBe(true);
    expect(snapshot.context.error).toBe('网络连接失败');
    expect(snapshot.context.keyword).toBe('雨');
  });

  it('loads the hot list once, and again on the next opening only if it failed', async () => {
    let fail = true;
    const { actor, hotCalls } = start({ hot: () => (fail ? Promise.reject(new Error('x')) : Promise.resolve(HOT)) });
    actor.send({ type: 'hot.load' });
    await settle();
    expect(actor.getSnapshot().context.hot).toEqual([]);
    fail = false;
    actor.send({ type: 'hot.load' });
    await settle();
    actor.send({ type: 'hot.load' });
    await settle();
    expect(actor.getSnapshot().context.hot).toEqual(HOT);
    expect(hotCalls()).toBe(2);
  });

  it('cuts keywords to the length the server accepts', () => {
    const long = '雨'.repeat(SEARCH_KEYWORD_MAX_LENGTH + 10);
    expect(searchKeyword(long)).toBe('雨'.repeat(SEARCH_KEYWORD_MAX_LENGTH));
    expect(searchKeyword('😀'.repeat(SEARCH_KEYWORD_MAX_LENGTH)).length).toBeLessThanOrEqual(SEARCH_KEYWORD_MAX_LENGTH);
  });

  it('never lets a stale response replace the results of a newer keyword, whatever order answers arrive in', async () => {
    const step = fc.record({
      kind: fc.constantFrom('keyword.change' as const, 'keyword.submit' as const),
      keyword: fc.constantFrom('', '雨', '惊蛰', '有限状态机', ' 雨 ', 'React'),
      waitMs: fc.constantFrom(0, 100, SEARCH_DEBOUNCE_MS - 1, SEARCH_DEBOUNCE_MS, 2 * SEARCH_DEBOUNCE_MS),
    });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { minLength: 1, maxLength: 12 }), async (s, steps) => {
        const { actor, clock } = start({
          search: (keyword) => s.schedule(Promise.resolve(hitsFor(keyword)), `answer for ${keyword}`),
        });
        const problems: string[] = [];
        let shown = actor.getSnapshot().context.results;
        actor.subscribe((snapshot) => {
          const { results, resultsFor, keyword } = snapshot.context;
          if (results === shown) return;
          shown = results;
          if (resultsFor === null) return;
          // Results are only ever shown for what is in the box right now, and they are that keyword's answer.
          if (resultsFor !== keyword) problems.push(`showed results for "${resultsFor}" while the box held "${keyword}"`);
          if (JSON.stringify(results) !== JSON.stringify(hitsFor(resultsFor))) problems.push(`results do not answer "${resultsFor}"`);
        });

        const typing = s.scheduleSequence(
          steps.map(({ kind, keyword, waitMs }) => ({
            label: `${kind} "${keyword}" then wait ${waitMs} ms`,
            builder: async () => {
              actor.send({ type: kind, keyword });
              clock.increment(waitMs);
            },
          })),
        );
        await s.waitFor(typing.task);
        clock.increment(SEARCH_DEBOUNCE_MS);
        await s.waitAll();

        expect(problems).toEqual([]);
        const last = searchKeyword(steps.at(-1)!.keyword);
        const { context } = actor.getSnapshot();
        expect(context.keyword).toBe(last);
        if (last === '') {
          expect(context.resultsFor).toBeNull();
          expect(context.results).toEqual([]);
        } else {
          expect(context.resultsFor).toBe(last);
          expect(context.results).toEqual(hitsFor(last));
        }
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
