import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { administratorCookie, startBenchSite, type BenchSite } from './benchSite';
import { median, option } from './benchArgs';

/**
 * Issue 48: what a phone reader meets before the app is live, in one run. A phone-sized touch context, the CPU
 * 4× slower (CDP `Emulation.setCPUThrottlingRate`), and no mouse ever moved (a phone gives no intent):
 *
 * - tap: `/home` as served, the first article card scrolled into view and, a reader's reaction later, tapped (a
 *   touch, before the app starts) → the article's body on screen; against the browser's own navigation to the same
 *   address (`page.goto`) from the same page, and against a tap on a plain link to it on a bare page (no script, no
 *   style: what the browser's own handling of a tap costs), in the same round. Ratios tap / goto and tap / plain
 *   link, and how much of each came before the next page's navigation started (the old page's handling of the touch).
 * - console: `/admin` as the administrator → its section on screen, with no intent, and with a mouse moving
 *   from the first byte on. Ratio without / with.
 * - start: `/home`, an article and `/talk` loaded and left alone, then the app's start forced (a key pressed)
 *   → the longest task and the total blocking time (the part of each task over 50 ms) of the start-up, from
 *   the key to 1 s after the app is live with no long task (PerformanceObserver `longtask`).
 *
 * Every round is printed, then the medians.
 *
 *   npx tsx bench/beforeApp.bench.ts [--rounds=5] [--cpu=4] [--only=tap,console,start]
 */

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A Chinese reader's phone: the pages in Chinese, as Lighthouse's runs ask for them (bench/lighthouse.bench.ts). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'zh-CN' };
const CARD_LINK = '.article-card__title a';
/** How long the start-up is followed after the app is live: until this long passes without a long task. */
const SETTLE_MS = 1000;

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** A page's name in the figures: its path without the query. */
const named = (path: string) => path.replace(/\?.*/, '');

/** A fresh phone context with the CPU slowed, so every load starts as cold as a reader's first visit. */
async function phone(browser: Browser, cpu: number, cookie = ''): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: process.env.BENCH_BASE_URL! }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { context, page };
}

const live = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

/**
 * Notes in every document of the context, by the wall clock (the same as the bench's `Date.now()`), when a
 * tap's click reached the page (its event's own time stamp, when the input arrived) and when `shown` first
 * held (checked each frame). Timed in the page, so neither Playwright's checks before a tap nor its polling
 * after a load are counted.
 */
async function noteTimes(context: BrowserContext, shown: 'article' | 'console'): Promise<void> {
  // A string: tsx would wrap a function's inner functions in a helper the page does not have.
  const isShown =
    shown === 'article'
      ? `!!document.querySelector('main .md-editor-preview > *')`
      : `(() => { const main = document.querySelector('main.console-main');
          return !!main && main.children.length > 0 && !main.querySelector('.loading, .console-state[role=status]'); })()`;
  await context.addInitScript(`
    addEventListener('click', (event) => sessionStorage.setItem('tapAt', String(performance.timeOrigin + event.timeStamp)), true);
    const check = () => {
      if (${isShown}) window.shownAt = performance.timeOrigin + performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);`);
}

const shownAt = async (page: Page) => {
  await page.waitForFunction(() => 'shownAt' in window, undefined, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
};

/** A bare page with one plain link to the article: no script, no style (`plain`). */
const PLAIN_PAGE = '/bench-plain-link';

/**
 * A first tap's time, and the part of it before the next page's navigation started (the new document's
 * `timeOrigin`): the old page's handling of the touch, or the call to the browser.
 */
interface TapTime {
  total: number;
  toNavigation: number;
}

type TapWay = 'tap' | 'goto' | 'plain';

/**
 * How long a reader takes to tap what has just come into view: a human reacts to what they see in about a
 * quarter of a second at the quickest.
 */
const REACTION_MS = 250;

/**
 * The link brought into view as a reader's scroll does, then a reader's reaction time. The first card on a phone
 * is below the picture that fills the first screen: Playwright's tap scrolls to it and touches it in the same
 * breath, while the page is still laying out the cards the scroll revealed (`content-visibility: auto`), which no
 * finger can do. Done the same way before each way of arriving, so the rounds start from the same page.
 */
async function inView(page: Page, link: Locator): Promise<void> {
  await link.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForTimeout(REACTION_MS);
}

/**
 * From `/home` as served, before the app: a tap on the first card, or the browser sent to its address; or
 * (`plain`) a tap on a plain link to the same address on a bare page of the same origin.
 */
async function firstTap(browser: Browser, site: BenchSite, cpu: number, how: TapWay): Promise<TapTime> {
  const { context, page } = await phone(browser, cpu);
  try {
    await noteTimes(context, 'article');
    const article = `/article?id=${site.articleId}`;
    await context.route(site.baseUrl + PLAIN_PAGE, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><p><a href="${article}">文章</a></p>`,
      }),
    );
    await page.goto(`${site.baseUrl}${how === 'plain' ? PLAIN_PAGE : '/home'}`, { waitUntil: 'domcontentloaded' });
    const link = page.locator(how === 'plain' ? 'a' : CARD_LINK).first();
    await link.waitFor();
    await inView(page, link);
    const href = new URL((await link.getAttribute('href'))!, site.baseUrl).href;
    if (how !== 'plain' && (await live(page))) throw new Error('the app started before the tap: the round measures nothing');
    let start = Date.now();
    if (how === 'goto') await page.goto(href, { waitUntil: 'commit' });
    else await link.tap({ noWaitAfter: true });
    await page.waitForURL(href, { waitUntil: 'commit' });
    const end = await shownAt(page);
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    if (how !== 'goto') start = Number(await page.evaluate(() => sessionStorage.getItem('tapAt')));
    return { total: end - start, toNavigation: navigationStart - start };
  } finally {
    await context.close();
  }
}

/**
 * `/admin` as the administrator, to its section on screen. `intent`: a mouse moving over the page every
 * 250 ms from the first byte until the app is live, as a hand on a mouse does.
 */
async function consoleShown(browser: Browser, site: BenchSite, cpu: number, cookie: string, intent: boolean): Promise<number> {
  const { context, page } = await phone(browser, cpu, cookie);
  await noteTimes(context, 'console');
  let moving = intent;
  try {
    const start = Date.now();
    await page.goto(`${site.baseUrl}/admin`, { waitUntil: 'commit' });
    const mouse = (async () => {
      for (let step = 0; moving && !(await live(page).catch(() => false)); step++) {
        await page.mouse.move(10 + (step % 2), 10).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const elapsed = (await shownAt(page)) - start;
    moving = false;
    await mouse;
    return elapsed;
  } finally {
    moving = false;
    await context.close();
  }
}

interface StartUp {
  /** By the page's clock (PerformanceObserver `longtask`): what a reader on this machine waited. */
  longest: number;
  blocking: number;
  /** By the renderer main thread's CPU time (trace `tdur`, which counts the throttle's own turns): less other processes' turns. */
  longestCpu: number;
  blockingCpu: number;
  /** From the key to the app live. */
  toLive: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

const blockingOf = (durations: number[]) => durations.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);

/**
 * The page loaded and left alone (the app waits for intent), then its start forced by a key; followed until
 * SETTLE_MS pass without a long task after the app is live. On a machine shared with other work the page's
 * clock counts the turns other processes took too: the trace's thread time does not. The throttle keeps the
 * thread busy while it holds it back, so a task's thread time is already its slowed length (a loop of 35 ms
 * of thread time takes 136 ms of it at 4×), and is not multiplied again.
 */
async function startUp(browser: Browser, url: string, cpu: number): Promise<StartUp> {
  const { context, page } = await phone(browser, cpu);
  try {
    await page.goto(url, { waitUntil: 'load' });
    if (await live(page)) throw new Error(`${url}: the app started before it was forced`);
    await page.evaluate(`
      window.tasks = [];
      window.lastTask = performance.now();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.tasks.push([entry.startTime, entry.duration]);
          window.lastTask = entry.startTime + entry.duration;
        }
      }).observe({ type: 'longtask' });`);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const pressedAt = await page.evaluate(() => performance.now());
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
    const liveAt = await page.evaluate(() => performance.now());
    await page.waitForFunction(
      (settle) => performance.now() - (window as unknown as { lastTask: number }).lastTask > settle,
      SETTLE_MS,
      { timeout: 60_000 },
    );
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const tasks = (await page.evaluate('window.tasks')) as [number, number][];
    const ours = tasks.filter(([start]) => start >= pressedAt).map(([, duration]) => duration);
    // The page's main thread is the one that dispatched the key; its tasks from the key on.
    const key = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown');
    if (!key) throw new Error(`${url}: the key is not in the trace`);
    const cpuTimes = events
      .filter((event) => event.name === 'RunTask' && event.pid === key.pid && event.tid === key.tid && event.ts >= key.ts)
      .map((event) => (event.tdur ?? 0) / 1000);
    return {
      longest: Math.max(0, ...ours),
      blocking: blockingOf(ours),
      longestCpu: Math.max(0, ...cpuTimes),
      blockingCpu: blockingOf(cpuTimes),
      toLive: liveAt - pressedAt,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const rounds = Number(option('rounds', '5'));
  const cpu = Number(option('cpu', '4'));
  const only = option('only', 'tap,console,start').split(',');
  const site = await startBenchSite();
  process.env.BENCH_BASE_URL = site.baseUrl;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const cookie = await administratorCookie(site);
  const pages = ['/home', `/article?id=${site.articleId}`, '/talk'];
  const taps: Record<TapWay, TapTime[]> = { tap: [], goto: [], plain: [] };
  const consoles: Record<'without' | 'with', number[]> = { without: [], with: [] };
  const starts = new Map<string, StartUp[]>(pages.map((path) => [path, []]));
  // The server renders each page once first: a first render (code loaded and compiled, the article's text read)
  // took seconds, and would fall on whichever way of arriving came first.
  // In the reader's language: each language is a page of its own in the server's page cache.
  for (const path of [...pages, '/admin']) {
    await fetch(site.baseUrl + path, { headers: { 'accept-language': PHONE.locale } });
    await fetch(site.baseUrl + path, { headers: { cookie, 'accept-language': PHONE.locale } });
  }
  console.log(`Phone ${PHONE.viewport.width}×${PHONE.viewport.height}, touch, CPU ${cpu}× slower, no mouse unless said`);
  try {
    for (let round = 1; round <= rounds; round++) {
      const line: string[] = [`round ${round}:`];
      if (only.includes('tap')) {
        // Alternated, so neither always goes first.
        for (const how of round % 2 ? (['tap', 'goto', 'plain'] as const) : (['plain', 'goto', 'tap'] as const)) {
          taps[how].push(await firstTap(browser, site, cpu, how));
        }
        const last = (how: TapWay) => `${ms(taps[how].at(-1)!.total)} (to navigation ${ms(taps[how].at(-1)!.toNavigation)})`;
        line.push(`tap ${last('tap')}, goto ${last('goto')}, plain link ${last('plain')};`);
      }
      if (only.includes('console')) {
        for (const intent of round % 2 ? [false, true] : [true, false]) {
          consoles[intent ? 'with' : 'without'].push(await consoleShown(browser, site, cpu, cookie, intent));
        }
        line.push(`console ${ms(consoles.without.at(-1)!)} without intent, ${ms(consoles.with.at(-1)!)} with;`);
      }
      if (only.includes('start')) {
        for (const path of pages) {
          const measured = await startUp(browser, site.baseUrl + path, cpu);
          starts.get(path)!.push(measured);
          line.push(
            `${named(path)} longest ${ms(measured.longest)} (CPU ${ms(measured.longestCpu)}) TBT ${ms(measured.blocking)}` +
              ` (CPU ${ms(measured.blockingCpu)}) live in ${ms(measured.toLive)};`,
          );
        }
      }
      console.log(line.join(' '));
    }
    console.log(`Medians of ${rounds} rounds:`);
    if (only.includes('tap')) {
      const total = (how: TapWay) => median(taps[how].map((time) => time.total));
      const toNavigation = (how: TapWay) => ms(median(taps[how].map((time) => time.toNavigation)));
      const [tap, goto, plain] = [total('tap'), total('goto'), total('plain')];
      console.log(
        `  first tap on an article card ${ms(tap)}, the browser's navigation ${ms(goto)}: ratio ${(tap / goto).toFixed(2)}; ` +
          `a tap on a plain link on a bare page ${ms(plain)}: ratio ${(tap / plain).toFixed(2)}`,
      );
      console.log(
        `  of which before the next page's navigation started: tap ${toNavigation('tap')}, ` +
          `goto ${toNavigation('goto')}, plain link ${toNavigation('plain')}`,
      );
    }
    if (only.includes('console')) {
      const [without, withIntent] = [median(consoles.without), median(consoles.with)];
      console.log(`  console without intent ${ms(without)}, with ${ms(withIntent)}: ratio ${(without / withIntent).toFixed(2)}`);
    }
    for (const [path, measured] of only.includes('start') ? starts : []) {
      console.log(
        `  start-up of ${named(path).padEnd(8)} longest task ${ms(median(measured.map((m) => m.longest)))}` +
          ` (by CPU time ${ms(median(measured.map((m) => m.longestCpu)))}), TBT ${ms(median(measured.map((m) => m.blocking)))}` +
          ` (by CPU time ${ms(median(measured.map((m) => m.blockingCpu)))}), live in ${ms(median(measured.map((m) => m.toLive)))}`,
      );
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
