import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { startBenchSite } from './benchSite';
import { median, option } from './benchArgs';

/**
 * What a page costs while the reader only reads: Chromium's CPU time (every one of its processes, from
 * /proc) over a window of stillness, once the app is live, the page has settled and every animation that ends has
 * ended, with motion welcome.
 * Baseline in the same run: a bare page of the same origin (a paragraph, no script, no style). Pages: `/home`
 * with its banner in view (the motto typing), `/home` scrolled past the banner, an article and `/talk`, on a
 * phone-sized and a desktop window.
 *
 *   npx tsx bench/atRest.bench.ts [--rounds=3] [--window=10]
 */

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** How long a page is left alone after the app is live before the window starts. */
const SETTLE_MS = 4000;
const BARE_PAGE = '/bench-bare-page';
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (clock ticks) of every Chromium process alive now, by pid. */
function chromiumTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!/chrom|headless_shell/.test(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

interface Case {
  name: string;
  path: string;
  /** Scrolls the page past its banner before the window. */
  scrolled?: boolean;
}

/** Chromium's CPU over `windowMs` on `path`, as a share of one core. */
async function shareOfCore(browser: Browser, baseUrl: string, item: Case, device: object, windowMs: number) {
  const context = await browser.newContext({ baseURL: baseUrl, reducedMotion: 'no-preference', ...device });
  try {
    await context.route(BARE_PAGE, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>bare</title><p>一段文字。</p>' }),
    );
    const page = await context.newPage();
    await page.goto(item.path);
    if (item.path !== BARE_PAGE) {
      // A key starts the app at once (src/boot.ts), as a reader reaching for the page does.
      await page.keyboard.press('Shift');
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    }
    if (item.scrolled)
      await page.evaluate(() => window.scrollTo(0, document.querySelector('.page-banner')!.scrollHeight + 400));
    await page.waitForTimeout(SETTLE_MS);
    // At rest once what moves for a while has stopped: the home page's scroll hint nudges three times, 2.5 s after
    // it is shown, and inside the window its last nudges were most of what `/home` scrolled past the banner cost.
    // What moves for ever (the motto typing, an animation without end) is measured; the header's animation follows
    // the scroll, not the clock.
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation.timeline === document.timeline && animation.playState === 'running')
          .every((animation) => animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    const before = chromiumTicks();
    const started = performance.now();
    await page.waitForTimeout(windowMs);
    const after = chromiumTicks();
    const elapsed = performance.now() - started;
    let ticks = 0;
    for (const [pid, value] of after) ticks += value - (before.get(pid) ?? value);
    return (ticks / CLOCK_TICKS_PER_SECOND) * 1000 / elapsed;
  } finally {
    await context.close();
  }
}

async function main() {
  const rounds = Number(option('rounds', '3'));
  const windowMs = Number(option('window', '10')) * 1000;
  const site = await startBenchSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  const cases: Case[] = [
    { name: 'bare page', path: BARE_PAGE },
    { name: '/home, banner in view', path: '/home' },
    { name: '/home, scrolled past it', path: '/home', scrolled: true },
    { name: 'article', path: `/article?id=${site.articleId}` },
    { name: '/talk', path: '/talk' },
  ];
  try {
    for (const [deviceName, device] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const shares = new Map<string, number[]>(cases.map((item) => [item.name, []]));
      for (let round = 1; round <= rounds; round++)
        for (const item of cases) {
          const share = await shareOfCore(browser, site.baseUrl, item, device, windowMs);
          shares.get(item.name)!.push(share);
          console.log(`${deviceName} round ${round} ${item.name}: ${(share * 100).toFixed(1)} % of a core`);
        }
      const bare = median(shares.get('bare page')!);
      console.log(`\n${deviceName}, Chromium's CPU at rest over ${windowMs / 1000} s, medians of ${rounds}:`);
      for (const [name, values] of shares) {
        const share = median(values);
        console.log(`  ${name.padEnd(24)} ${(share * 100).toFixed(1).padStart(5)} % of a core  ${(share / bare).toFixed(1)}× the bare page`);
      }
      console.log('');
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
