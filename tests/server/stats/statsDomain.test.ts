import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DailySalts } from '../../../server/domain/stats/dailySalt';
import { toCsv } from '../../../server/domain/stats/csv';
import { RAW_DAYS, rollUp } from '../../../server/domain/stats/rollUp';
import type { DailyRow, StatEvent } from '../../../server/domain/stats/statEvent';
import { StatsRecorder } from '../../../server/domain/stats/statsRecorder';
import { counted, dayBefore, deviceClass, browserName, isBot, optedOut, pagePath, referrerHost } from '../../../server/domain/stats/visitorRules';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('who is counted', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'Mozilla/5.0 (compatible; Baiduspider/2.0)',
    'facebookexternalhit/1.1',
    'TelegramBot (like TwitterBot)',
    'Slackbot-LinkExpanding 1.0',
    'curl/8.5.0',
    'Wget/1.21',
    'python-requests/2.31',
    'Go-http-client/1.1',
    'Mozilla/5.0 (Windows NT 10.0) Chrome-Lighthouse',
    '',
  ])('leaves out the bot %j', (agent) => {
    expect(isBot(agent)).toBe(true);
    expect(counted({ userAgent: agent })).toBe(false);
  });

  it.each([CHROME, HEADLESS, IPHONE, 'Mozilla/5.0 (Linux; Android 13; CUBOT X30) Chrome/120 Mobile Safari/537.36'])('counts the browser %j', (agent) => {
    expect(isBot(agent)).toBe(false);
    expect(counted({ userAgent: agent })).toBe(true);
  });

  it('honours DNT: 1 and Sec-GPC: 1, and leaves the administrator out', () => {
    expect(optedOut({ doNotTrack: '1' })).toBe(true);
    expect(optedOut({ globalPrivacyControl: '1' })).toBe(true);
    expect(optedOut({ doNotTrack: '0', globalPrivacyControl: '0' })).toBe(false);
    expect(counted({ userAgent: CHROME, doNotTrack: '1' })).toBe(false);
    expect(counted({ userAgent: CHROME, globalPrivacyControl: '1' })).toBe(false);
    expect(counted({ userAgent: CHROME, role: 1 })).toBe(false);
    expect(counted({ userAgent: CHROME, role: 2 })).toBe(true);
  });

  it('reads the device and the browser', () => {
    expect(deviceClass(CHROME)).toBe('desktop');
    expect(deviceClass(IPHONE)).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1')).toBe('tablet');
    expect(browserName(CHROME)).toBe('Chrome');
    expect(browserName(IPHONE)).toBe('Safari');
    expect(browserName(`${CHROME} Edg/126.0`)).toBe('Edge');
    expect(browserName(`${IPHONE} MicroMessenger/8.0`)).toBe('微信');
    expect(browserName('Lynx/2.8')).toBe('');
  });

  it('counts a page by its path and subject only, and a referrer by its foreign host', () => {
    expect(pagePath('/')).toBe('/home');
    expect(pagePath('/article?id=3&utm_source=x')).toBe('/article?id=3');
    expect(pagePath('/archives/?page=2')).toBe('/archives');
    expect(pagePath('https://evil.example/')).toBeUndefined();
    expect(pagePath('//evil.example/')).toBeUndefined();
    expect(referrerHost('https://www.Example.com/a?b', 'blog.test:8080')).toBe('example.com');
    expect(referrerHost('http://blog.test/home', 'blog.test:8080')).toBe('');
    expect(referrerHost('javascript:alert(1)', 'blog.test')).toBe('');
    expect(referrerHost(undefined, 'blog.test')).toBe('');
  });
});

describe('the daily salt', () => {
  it('is one per day, shared through the store, and only the two newest days are held', async () => {
    const stored = new Map<string, string>();
    let n = 0;
    const store = { claimSalt: async (day: string, candidate: string) => stored.get(day) ?? (stored.set(day, candidate), candidate) };
    const a = new DailySalts(store, () => `salt${n++}`);
    const b = new DailySalts(store, () => `salt${n++}`);
    const first = await a.saltFor('2026-03-01');
    // Another instance gets the same salt for the same day, and a new one the next day.
    expect(await b.saltFor('2026-03-01')).toBe(first);
    const second = await a.saltFor('2026-03-02');
    expect(second).not.toBe(first);
    await a.saltFor('2026-03-03');
    expect(a.heldDays()).toEqual(['2026-03-02', '2026-03-03']);
  });

  it('hashes the same visitor alike within a day and differently the next day, storing no address', async () => {
    let now = new Date(2026, 2, 1, 10);
    const written: StatEvent[] = [];
    let n = 0;
    const salts = new Map<string, string>();
    const recorder = new StatsRecorder({
      store: {
        addEvents: async (events) => void written.push(...events),
        claimSalt: async (day, candidate) => salts.get(day) ?? (salts.set(day, candidate), candidate),
      },
      hash: { digest: (key, data) => `${key}|${data.length}|${[...data].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)}` },
      clock: { now: () => now },
      randomSalt: () => `s${n++}`,
    });
    const hit = { kind: 'view' as const, item: '/home', address: '203.0.113.9', userAgent: CHROME };
    recorder.record(hit);
    recorder.record(hit);
    now = new Date(2026, 2, 2, 10);
    recorder.record(hit);
    await recorder.flush();
    expect(written).toHaveLength(3);
    expect(written[0]!.visitor).toBe(written[1]!.visitor);
    expect(written[2]!.visitor).not.toBe(written[0]!.visitor);
    expect(JSON.stringify(written)).not.toContain('203.0.113.9');
  });
});

/** Events in time order: days rise (sometimes skipping), visitors and items from small pools. */
const eventsArb = fc
  .array(
    fc.record({
      step: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('view' as const, 'search' as const, 'play' as const),
      item: fc.constantFrom('/home', '/article?id=1', '/talk', '听雨', '7'),
      landing: fc.boolean(),
      referrer: fc.constantFrom('', 'example.com'),
      device: fc.constantFrom('desktop', 'mobile'),
      browser: fc.constantFrom('Chrome', 'Safari', ''),
      visitor: fc.constantFrom('a', 'b', 'c'),
    }),
    { maxLength: 60 },
  )
  .map((drafts) => {
    let day = '2026-01-10';
    return drafts.map(({ step, ...event }): StatEvent => {
      if (step === 2) day = dayBefore(day, -1 - (event.visitor === 'c' ? 2 : 0));
      return { ...event, day, referrer: event.landing ? event.referrer : '' };
    });
  });

const keyOf = (row: DailyRow) => `${row.day}|${row.dimension}|${row.item}`;
const sorted = (rows: DailyRow[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

describe('the roll-up', () => {
  it('gives the same daily totals whatever batches the events arrive in and whenever it runs and prunes', () => {
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.boolean(), { maxLength: 20 }), (events, cuts, reruns) => {
        // The job as StatsService runs it, over an in-memory store: recompute each day with raw events
        // (replacing its totals), then prune raw events older than RAW_DAYS.
        const raw: StatEvent[] = [];
        const daily = new Map<string, DailyRow>();
        const job = (today: string) => {
          for (const day of new Set(raw.map((e) => e.day))) {
            for (const row of rollUp(raw.filter((e) => e.day === day))) daily.set(keyOf(row), row);
          }
          const keep = dayBefore(today, RAW_DAYS - 1);
          raw.splice(0, raw.length, ...raw.filter((e) => e.day >= keep));
        };
        const bounds = [...new Set(cuts.map((c) => (events.length === 0 ? 0 : c % events.length)))].sort((a, b) => a - b);
        let start = 0;
        for (const [i, end] of [...bounds, events.length].entries()) {
          const batch = events.slice(start, end);
          start = end;
          if (batch.length === 0) continue;
          raw.push(...batch);
          const today = batch[batch.length - 1]!.day;
          job(today);
          if (reruns[i]) job(today);
        }
        expect(sorted([...daily.values()])).toEqual(sorted(rollUp(events)));
      }),
    );
  });

  it('adds up views, counts distinct visitors, and counts a song once per visitor and day', () => {
    const base = { day: '2026-01-01', landing: false, referrer: '', device: 'desktop', browser: 'Chrome' };
    const rows = rollUp([
      { ...base, kind: 'view', item: '/home', visitor: 'a', landing: true, referrer: 'example.com' },
      { ...base, kind: 'view', item: '/home', visitor: 'a' },
      { ...base, kind: 'view', item: '/talk', visitor: 'b' },
      { ...base, kind: 'play', item: '7', visitor: 'a' },
      { ...base, kind: 'play', item: '7', visitor: 'a' },
      { ...base, kind: 'search', item: '听雨', visitor: 'b' },
      { ...base, kind: 'search', item: '听雨', visitor: 'b' },
    ]);
    const find = (dimension: string, item: string) => rows.find((r) => r.dimension === dimension && r.item === item);
    expect(find('all', '')).toMatchObject({ views: 3, visitors: 2 });
    expect(find('page', '/home')).toMatchObject({ views: 2, visitors: 1 });
    expect(find('landing', '/home')).toMatchObject({ views: 1 });
    expect(find('referrer', 'example.com')).toMatchObject({ views: 1 });
    expect(find('song', '7')).toMatchObject({ views: 1, visitors: 1 });
    expect(find('search', '听雨')).toMatchObject({ views: 2, visitors: 1 });
  });
});

describe('CSV text', () => {
  it('starts with the BOM, quotes what needs it and defuses formulas', () => {
    expect(toCsv([['a', 'b'], ['听雨, "小筑"', '=1+1'], ['-3', 'x\ny']])).toBe('\uFEFFa,b\r\n"听雨, ""小筑""",\'=1+1\r\n-3,"x\ny"\r\n');
  });
});
