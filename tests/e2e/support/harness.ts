import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, onTestFinished, TestRunner } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { loadConfig } from '../../../server/config';
import { createServer } from '../../../server/main';
import type { Envelope } from '../../../src/protocol/codes';
import { CHROMIUM_PATH } from './browserPath';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The tests read the Chinese interface: a browser preferring English (headless Chromium's en-US) gets English.
  '--accept-lang=zh-CN',
  // Nothing leaves the machine, even if the site tries: every other host fails to resolve at once. (Not a
  // Playwright route: routing turns the browser's cache off, and every page then fetched and compiled its
  // code anew, which cost the suite's browsers half their time.) Pages log such attempts (thirdPartyRequests).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Launches the tests' headless browser (see browserPath.ts) with CHROMIUM_ARGS, plus `extraArgs`. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * What every test's browser context starts from: a desktop window, reduced motion and no offline worker.
 * The site's endless animations (the typed motto, the scroll hint, a spinning disc) cost an idle page four
 * times the CPU, on two cores shared by every file; a test about motion asks for `reducedMotion:
 * 'no-preference'`. The offline worker, registered afresh in every new context, then sees every request of
 * the page and keeps a copy of each: an eighth of the browser's CPU per page. The offline tests allow it
 * (`serviceWorkers: 'allow'`); the site treats a refused registration as a browser without the feature.
 */
export const CONTEXT_DEFAULTS: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
};

/** A test's browser context: Playwright's options, and whether the site's idle prefetch runs (off unless asked). */
export type SuiteContextOptions = BrowserContextOptions & { idlePrefetch?: boolean };

/**
 * A browser context as every test starts from: CONTEXT_DEFAULTS, pages that wait for hydration, closed with the
 * test that opened it, and a reader who saves data, so the idle prefetch stands aside and each part's code loads
 * on its first use. The prefetch evaluates ten parts' chunks after every load, about an eighth of what a load
 * costs the browser (docs/testing.md), paid hundreds of times over for parts most tests never open. The tests of
 * the prefetch itself, and of what it leaves ready, ask for it (`idlePrefetch: true`).
 */
export async function suiteContext(
  browser: Browser,
  baseUrl: string,
  { idlePrefetch = false, ...options }: SuiteContextOptions = {},
): Promise<BrowserContext> {
  const context = waitsForHydration(await browser.newContext({ baseURL: baseUrl, ...CONTEXT_DEFAULTS, ...options }));
  // A step that takes a second alone took over 30 s (Playwright's default) beside the heaviest file on a loaded
  // machine; the test's own limit (120 s) still ends a real hang.
  context.setDefaultTimeout(60_000);
  if (!idlePrefetch) await context.addInitScript({ content: readerSavesData });
  await context.addInitScript({ content: mouseMovesAtOnce });
  // A context opened by a test closes when the test ends: left open, its song kept playing, its board kept
  // animating and its sockets kept talking until the file ended, costing every later test of the file and
  // the file beside it. One opened before the tests (beforeAll) lives as long as its browser.
  if (TestRunner.getCurrentTest()) onTestFinished(() => context.close().catch(() => undefined));
  return context;
}

/**
 * Runs in the page: `navigator.connection` says the reader saves data (Chromium's Network Information API).
 * Source text, not a function: a function compiled with esbuild's keepNames (tsx, the benches) calls a
 * `__name` helper the page does not have.
 */
const readerSavesData = `{
  const connection = { saveData: true, effectiveType: '4g' };
  Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection });
}`;

/**
 * Runs in the page: the reader's mouse moves as soon as the document is parsed, which starts the app then
 * (src/boot.ts) instead of after the load event and the harness's first mouse move: 20–40 ms less per page
 * opened (15 pages, alone), on the suite's hundreds of them. The boot script's own waiting is tested on pages
 * opened without it (serverRendering.e2e.ts).
 */
const mouseMovesAtOnce = `addEventListener('DOMContentLoaded', () =>
  dispatchEvent(new PointerEvent('pointermove', { pointerType: 'mouse' })));`;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const PATCHED = new WeakSet<Page>();

/**
 * Resolves once the page is live: the server-rendered markup hydrated (App sets `data-hydrated`). Checked on a
 * timer, not in animation frames, which a loaded machine starves for seconds while the scripts still run.
 *
 * The app starts when the reader reaches for the page, or once it has loaded and gone quiet (src/boot.ts):
 * the mouse moves over the page first, as a reader's at a desk does, so a test does not wait out the quiet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const live = () => page.evaluate(() => document.documentElement.dataset.hydrated === 'true').catch(() => false);
  // Until the page is live, since the boot script may not be listening yet (the document still loading).
  const deadline = Date.now() + 60_000;
  for (let step = 0; !(await live()); step += 1) {
    if (Date.now() > deadline) throw new Error(`${page.url()} did not become live within 60 s`);
    await page.mouse.move(1 + (step % 2), 1);
    await page.waitForTimeout(100);
  }
}

/** The phone menu's button: a `<summary>` (src/ui/shell/MobileMenu.tsx), which has no role for getByRole. */
export function phoneMenuButton(page: Page): Locator {
  return page.locator('header .mobile-menu > summary');
}

/**
 * Every page of this context waits, after `goto` and `reload`, until the server's markup is hydrated: the
 * HTML shows (and can be clicked) before its scripts run, and a click before hydration would do nothing.
 */
export function waitsForHydration(context: BrowserContext): BrowserContext {
  const patch = (page: Page) => {
    if (PATCHED.has(page)) return;
    PATCHED.add(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
  };
  context.pages().forEach(patch);
  context.on('page', patch);
  return context;
}

/** A describe block that runs only when the browser and the built client are there (see globalSetup). */
export function describeInBrowser(name: string, body: () => void): void {
  const reason = inject('e2eSkipReason');
  if (reason) describe.skip(`${name} (skipped: ${reason})`, body);
  else describe(name, body);
}

/** True for addresses on this machine and for URLs that never reach the network (data:, blob:, about:). */
export function isLocalUrl(url: URL): boolean {
  if (!url.protocol.startsWith('http') && !url.protocol.startsWith('ws')) return true;
  return LOCAL_HOSTS.has(url.hostname);
}

interface PageLog {
  /** console.error output and uncaught exceptions. */
  consoleErrors: string[];
  /** Requests to any host but this machine (each was blocked). */
  thirdPartyRequests: string[];
}

export interface Site {
  baseUrl: string;
  browser: Browser;
  /** A page in its own browser context (fresh storage), desktop-sized unless told otherwise (see suiteContext). */
  newPage(options?: SuiteContextOptions): Promise<Page>;
  /** What the page logged as errors and which third-party hosts it tried to reach. */
  log(page: Page): PageLog;
  /** Calls the site API from the test process and returns the envelope. */
  api<T>(pathname: string, init?: RequestInit): Promise<Envelope<T>>;
  close(): Promise<void>;
}

/**
 * Gives a site's data folder the run's one folder of picture width variants (DATA_DIR/cache/media): every site
 * seeds the same demo pictures, and each made their variants anew on its first pages (179 of them, 22 s of CPU,
 * in two test files). A variant is named by its picture's content and width, so sites share them safely, as
 * instances sharing a folder do.
 */
export function shareVariants(dataDir: string): void {
  fs.mkdirSync(path.join(dataDir, 'cache'), { recursive: true });
  fs.symlinkSync(inject('e2eVariantsDir'), path.join(dataDir, 'cache', 'media'));
}

/**
 * The real server (createServer from server/main.ts) on a free port with a fresh data folder and the
 * demo content, serving the client globalSetup built, plus a headless Chromium to drive it. `musicDir` puts a
 * music folder of the test's own in place of the demo album. The offline worker is off (OFFLINE=off) unless
 * `offline` is set: a worker answering the pages' requests would hide them from `page.route`. `browserArgs` adds
 * flags to the browser (the player's autoplay).
 */
export async function startSite(options: { musicDir?: string; offline?: boolean; browserArgs?: string[] } = {}): Promise<Site> {
  const clientDir = inject('e2eClientDir');
  if (!clientDir) throw new Error('the end-to-end client was not built (see tests/e2e/support/globalSetup.ts)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-data-'));
  shareVariants(dataDir);
  // Tests sign in far more often than a person: the per-minute limit of costly routes must not get in the way.
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      MUSIC_DIR: options.musicDir,
      OFFLINE: options.offline ? 'on' : 'off',
    },
    dataDir,
  );
  const server = await createServer({ ...config, clientDir });
  // Every test meets the demo album in place, not a library still being copied and scanned.
  await server.music?.ready();
  const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');

  let browser: Browser;
  try {
    browser = await launchBrowser(options.browserArgs);
  } catch (error) {
    await server.close();
    throw error;
  }

  const logs = new WeakMap<Page, PageLog>();

  return {
    baseUrl,
    browser,
    async newPage(options = {}) {
      const context = await suiteContext(browser, baseUrl, options);
      const log: PageLog = { consoleErrors: [], thirdPartyRequests: [] };
      context.on('request', (request) => {
        if (!isLocalUrl(new URL(request.url()))) log.thirdPartyRequests.push(request.url());
      });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') log.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => log.consoleErrors.push(`uncaught: ${error.message}`));
      logs.set(page, log);
      return page;
    },
    log(page) {
      const log = logs.get(page);
      if (!log) throw new Error('this page was not opened with site.newPage()');
      return log;
    },
    async api<T>(pathname: string, init?: RequestInit) {
      const response = await fetch(baseUrl + pathname, init);
      return (await response.json()) as Envelope<T>;
    },
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts the page reached no host but this one (fonts, CDNs, analytics…). */
export function expectNoThirdPartyRequests(site: Site, page: Page): void {
  expect(site.log(page).thirdPartyRequests).toEqual([]);
}

/**
 * Shows the player's auto-hiding bottom bar and keeps it: a pointer movement over the open player wakes it,
 * and the pointer then rests on the bar, which holds it for as long as the pointer stays. (Left in the
 * middle of the panel, the bar hides 2 s later: on a busy machine, before the next click lands.) If the bar
 * hid before the pointer reached it (a busy machine again), the pointer is not over it: wake it once more.
 */
export async function holdPlayerBar(page: Page): Promise<void> {
  const bar = page.locator('.mp-bar');
  const hovered = () => bar.evaluate((element) => element.matches(':hover'));
  for (let attempt = 1; attempt === 1 || !(await hovered()); attempt++) {
    if (attempt > 5) throw new Error('the player bar hid each time before the pointer reached it');
    const panel = (await page.locator('.mp').first().boundingBox())!;
    await page.mouse.move(panel.x + panel.width / 2, panel.y + 200);
    await expect.poll(() => bar.getAttribute('data-visible'), { timeout: 20_000 }).toBe('true');
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + 8, box.y + box.height - 6, { steps: 2 });
  }
  await expect.poll(() => bar.getAttribute('data-visible'), { timeout: 20_000 }).toBe('true');
}

/** Waits until the layout shows a rendered page: the lazy chunk loaded and the loading fallback gone. */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForSelector('header.site-header');
  await waitForHydration(page);
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && main.children.length > 0 && !main.querySelector(':scope > .loading');
  });
}

/** How long a page goes without a request for its requests to count as settled. */
const REQUESTS_QUIET_MS = 150;

/**
 * Follows the requests a page starts, so that a test can wait until none is in flight and none has started
 * for a moment: what Playwright's `networkidle` waits for, without its half second of nothing after each page
 * (a walk through every page spent most of its time in those).
 */
export function followRequests(page: Page): { settled(): Promise<void> } {
  const pending = new Set<Request>();
  let started = 0;
  page.on('request', (request) => {
    pending.add(request);
    started += 1;
  });
  const end = (request: Request) => pending.delete(request);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled() {
      for (;;) {
        await expect.poll(() => pending.size).toBe(0);
        const before = started;
        await page.waitForTimeout(REQUESTS_QUIET_MS);
        if (pending.size === 0 && started === before) return;
      }
    },
  };
}

/** Opens a path and waits for its page, returning the HTTP response of the document. */
export async function open(page: Page, pathname: string) {
  const response = await page.goto(pathname);
  await waitForPage(page);
  return response;
}

/** Makes the document tall enough to scroll, whatever the page shows while its issue is pending. */
export async function makeScrollable(page: Page, height = 4000): Promise<void> {
  await page.evaluate((min) => {
    if (document.documentElement.scrollHeight < min) document.body.style.minHeight = `${min}px`;
  }, height);
}

/** Scrolls the window to `y` and waits for the scroll event, so the listeners added before have seen it. */
export async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === top) return resolve();
        window.addEventListener('scroll', () => resolve(), { once: true });
        window.scrollTo(0, top);
      }),
    y,
  );
}

/**
 * Records every notice the page shows from its next navigation on, so a short-lived one (a list action's
 * toast stays one second) is not missed by a test runner slowed down between its click and its check.
 */
export async function recordNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = seen;
    const record = () => {
      for (const notice of document.querySelectorAll<HTMLElement>('.notice:not([data-recorded])')) {
        notice.dataset.recorded = '1';
        seen.push(notice.textContent ?? '');
      }
    };
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver(record).observe(document.body, { childList: true, subtree: true }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);
}

