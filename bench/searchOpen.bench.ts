import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import * as zhCN from '../src/i18n/zh-CN';
import { startBenchSite } from './benchSite';

/**
 * Issue 11: the first tap on the search button, from the tap to the dialog's search box on screen, on a
 * phone-like page (4× slower CPU, 150 ms round trips, 1.6 Mbit/s down) and on an unthrottled desktop page.
 * Baseline in the same run: the same page with `navigator.connection.saveData` set, where the idle
 * prefetch stands aside and the tap fetches the dialog as before the prefetch existed.
 *
 *   npx tsx bench/searchOpen.bench.ts [--runs=7]
 */

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
/** Issue 11's goal for a prefetched part's first open. */
const GOAL_MS = 100;
// Scripts for the page are strings: tsx names functions with a helper the page does not have.
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', {
  configurable: true,
  get: () => ({ saveData: true, effectiveType: '4g' }),
});`;
const label = JSON.stringify(`header.site-header button[aria-label="${zhCN.nav.search}"]`);
const box = JSON.stringify(`[role="dialog"] input[placeholder="${zhCN.search.placeholder}"]`);
/** A tap (no hover, so no preload on intent), timed inside the page until the box is laid out. */
const TIME_TAP = `new Promise((resolve, reject) => {
  const button = document.querySelector(${label});
  if (!button) return reject(new Error('no search button in the header'));
  const started = performance.now();
  const check = () => {
    const input = document.querySelector(${box});
    if (input && input.getBoundingClientRect().width > 0) resolve(performance.now() - started);
    else requestAnimationFrame(check);
  };
  button.click();
  requestAnimationFrame(check);
})`;

interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  cpuSlowdown: number;
  network?: { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number };
}

export const PROFILES: Profile[] = [
  {
    name: 'phone (CPU 4× slower, 150 ms RTT, 1.6 Mbit/s)',
    viewport: { width: 390, height: 844 },
    mobile: true,
    cpuSlowdown: 4,
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
  },
  { name: 'desktop (no throttling)', viewport: { width: 1280, height: 800 }, mobile: false, cpuSlowdown: 1 },
];

export interface SearchOpenReport {
  profile: string;
  /** Milliseconds from the tap to the visible search box, idle prefetch on (median). */
  prefetched: number;
  /** The same with the prefetch off (median). */
  cold: number;
  runs: { prefetched: number[]; cold: number[] };
}

async function timeFirstOpen(browser: Browser, baseUrl: string, profile: Profile, prefetch: boolean): Promise<number> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
  });
  try {
    const page = await context.newPage();
    if (!prefetch) await page.addInitScript(SAVE_DATA);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    if (profile.network) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', profile.network);
    }
    await page.goto('/home');
    await page.waitForSelector(`html[data-idle-prefetch="${prefetch ? 'done' : 'skipped'}"]`, {
      state: 'attached',
      timeout: 120_000,
    });
    return await page.evaluate<number>(TIME_TAP);
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureSearchOpen(runs: number): Promise<SearchOpenReport[]> {
  const site = await startBenchSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const reports: SearchOpenReport[] = [];
    for (const profile of PROFILES) {
      const times = { prefetched: [] as number[], cold: [] as number[] };
      // Alternated, so a busy moment of the shared machine falls on both sides.
      for (let run = 0; run < runs; run++) {
        times.cold.push(await timeFirstOpen(browser, site.baseUrl, profile, false));
        times.prefetched.push(await timeFirstOpen(browser, site.baseUrl, profile, true));
      }
      reports.push({
        profile: profile.name,
        prefetched: median(times.prefetched),
        cold: median(times.cold),
        runs: times,
      });
    }
    return reports;
  } finally {
    await browser.close();
    await site.close();
  }
}

export function printSearchOpen(reports: SearchOpenReport[]): void {
  const list = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  console.log('First tap on search → search box visible, median:');
  for (const report of reports) {
    const verdict = report.prefetched <= GOAL_MS ? 'pass' : 'FAIL';
    console.log(`  ${report.profile}`);
    console.log(`    idle prefetch   ${Math.round(report.prefetched)} ms   (${list(report.runs.prefetched)})`);
    console.log(`    fetched on tap  ${Math.round(report.cold)} ms   (${list(report.runs.cold)})`);
    console.log(
      `    ratio ${(report.prefetched / report.cold).toFixed(2)} (prefetched / on tap); ` +
        `goal ≤ ${GOAL_MS} ms prefetched: ${(report.prefetched / GOAL_MS).toFixed(2)} ${verdict}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  printSearchOpen(await measureSearchOpen(runs));
}
