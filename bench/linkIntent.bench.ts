import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startBenchSite } from './benchSite';
import { median } from './benchArgs';

/**
 * Issue 24: the first visit to a page by the header's link, from the click to the page's content on screen
 * (`/home` → `/archives`, its timeline's first entry), with 150 ms round trips and 1.6 Mbit/s down. A page's
 * code is fetched once the reader reaches for its link (src/ui/app/linkIntent.ts): a mouse resting on it for
 * 300 ms, a finger pressing it 100 ms before the click a tap ends with. Baseline in the same run: a click
 * nothing announced (the element's own `click()`), which fetches the page's code only then, as before.
 *
 *   npx tsx bench/linkIntent.bench.ts [--runs=8]
 */

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const LINK = 'header.site-header nav a[href="/archives"]';
const ARRIVED = 'main .timeline__item';

type Reach = 'none' | 'mouse' | 'finger';
const REACHES: Reach[] = ['none', 'mouse', 'finger'];

/** Milliseconds from the click to the page's content, timed inside the page. */
async function visit(browser: Browser, baseUrl: string, reach: Reach): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    const page: Page = await context.newPage();
    await page.goto('/home');
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6e6 / 8) * 1024,
      uploadThroughput: (750e3 / 8) * 1024,
    });
    await page.evaluate(`addEventListener('click', () => (window.clickedAt = performance.now()), { capture: true, once: true })`);
    const link = page.locator(LINK);
    if (reach === 'mouse') {
      await link.hover();
      await page.waitForTimeout(300);
      await link.click();
    } else if (reach === 'finger') {
      await link.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
      await page.waitForTimeout(100);
      await link.evaluate((element: HTMLElement) => element.click());
    } else {
      await link.evaluate((element: HTMLElement) => element.click());
    }
    return await page.evaluate(`new Promise((resolve) => {
      const check = () => document.querySelector(${JSON.stringify(ARRIVED)})
        ? resolve(performance.now() - window.clickedAt)
        : requestAnimationFrame(check);
      check();
    })`);
  } finally {
    await context.close();
  }
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const runs = Number(/--runs=(\d+)/.exec(argv.join(' '))?.[1] ?? 8);
  const site = await startBenchSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const times: Record<Reach, number[]> = { none: [], mouse: [], finger: [] };
    for (let round = 0; round < runs; round++) {
      // Rotated each round, so no way of reaching always runs first.
      for (let i = 0; i < REACHES.length; i++) {
        const reach = REACHES[(round + i) % REACHES.length]!;
        times[reach].push(Math.round(await visit(browser, site.baseUrl, reach)));
      }
    }
    const baseline = median(times.none);
    console.log(`/home → /archives, click to the first timeline entry (150 ms RTT), ${runs} runs each:`);
    for (const reach of REACHES) {
      const value = median(times[reach]);
      console.log(`  ${reach.padEnd(6)} median ${value} ms  ratio ${(value / baseline).toFixed(2)}  (${times[reach].join(', ')})`);
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
