import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../tests/e2e/support/browserPath';
import { CHROMIUM_ARGS, suiteContext, type SuiteContextOptions } from '../tests/e2e/support/harness';
import { startBenchSite } from './benchSite';

/**
 * What one cold page load costs the end-to-end suite's browser: every test opens pages in a new context
 * (no cache, no worker), so this is the unit the suite pays hundreds of times. Each variant opens the
 * same pages, each in a new context, and sums the CPU time of every Chromium process (sampled from /proc,
 * so processes that exit between samples still count). Baseline in the same run: Debian's full Chromium with
 * the offline worker allowed and the idle prefetch running, as a reader's browser has them; then the suite's
 * context (neither) in the full browser, and in the browser the suite drives (tests/e2e/support/browserPath.ts,
 * Debian's headless shell) when that is another one.
 *
 *   npx tsx bench/e2ePageCost.bench.ts [--rounds=3]
 */

const TICKS_PER_SECOND = 100;
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 3);

/** CPU seconds of every Chromium process seen so far, by process type (browser, renderer, gpu-process…). */
function chromiumCpu(): () => Record<string, number> {
  const seen = new Map<string, { type: string; seconds: number }>();
  const sample = () => {
    for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!command.includes('chromium')) continue;
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const type = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
        seen.set(pid, { type, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
      } catch {
        // The process exited between the listing and the read: its last sample stands.
      }
    }
  };
  const timer = setInterval(sample, 150);
  return () => {
    sample();
    clearInterval(timer);
    const totals: Record<string, number> = {};
    for (const { type, seconds } of seen.values()) totals[type] = (totals[type] ?? 0) + seconds;
    return totals;
  };
}

const FULL_BROWSER = '/usr/bin/chromium';

async function measure(baseUrl: string, paths: string[], executablePath: string, context: SuiteContextOptions) {
  const stop = chromiumCpu();
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const started = Date.now();
  for (let round = 0; round < rounds; round += 1) {
    for (const pathname of paths) {
      const page = await (await suiteContext(browser, baseUrl, context)).newPage();
      await page.goto(pathname);
      await page.waitForLoadState('networkidle');
      await page.context().close();
    }
  }
  const seconds = (Date.now() - started) / 1000;
  await browser.close();
  const cpu = stop();
  return { seconds, cpu, total: Object.values(cpu).reduce((sum, value) => sum + value, 0) };
}

async function main() {
  const site = await startBenchSite();
  try {
    const paths = ['/home', `/article?id=${site.articleId}`, '/archives', '/talk', '/message/list', '/category', '/photoAlbum', '/about'];
    const loads = paths.length * rounds;
    const reader = await measure(site.baseUrl, paths, FULL_BROWSER, { serviceWorkers: 'allow', idlePrefetch: true });
    const full = await measure(site.baseUrl, paths, FULL_BROWSER, {});
    const suite = CHROMIUM_PATH === FULL_BROWSER ? undefined : await measure(site.baseUrl, paths, CHROMIUM_PATH, {});
    const runs = [
      ['a reader: offline worker and idle prefetch, full browser (baseline)', reader],
      ['the suite context (suiteContext: neither), full browser', full],
      ...(suite ? [[`the suite context in the suite's browser (${CHROMIUM_PATH})`, suite] as const] : []),
    ] as const;
    for (const [name, run] of runs) {
      const parts = Object.entries(run.cpu)
        .sort((a, b) => b[1] - a[1])
        .map(([type, seconds]) => `${type} ${seconds.toFixed(1)}`)
        .join(', ');
      console.log(`${name}: ${loads} loads in ${run.seconds.toFixed(1)} s, Chromium ${run.total.toFixed(1)} CPU-s (${(run.total / loads).toFixed(2)} per load: ${parts})`);
    }
    console.log(`ratio suite context / baseline: ${(full.total / reader.total).toFixed(2)}`);
    if (suite) console.log(`ratio suite's browser / full browser: ${(suite.total / full.total).toFixed(2)}`);
  } finally {
    await site.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
