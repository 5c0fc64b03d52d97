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
 * so processes that exit between samples still count). Baseline in the same run: the suite's browser
 * (tests/e2e/support/browserPath.ts) with the offline worker allowed and the idle prefetch running, as a reader's browser has them;
 * then the suite's context (neither) in the browser the suite drives, and in Debian's headless shell when
 * installed (apt package chromium-headless-shell).
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

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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
    const reader = await measure(site.baseUrl, paths, CHROMIUM_PATH, { serviceWorkers: 'allow', idlePrefetch: true });
    const suite = await measure(site.baseUrl, paths, CHROMIUM_PATH, {});
    const shell = fs.existsSync(HEADLESS_SHELL) ? await measure(site.baseUrl, paths, HEADLESS_SHELL, {}) : undefined;
    const runs = [
      ['a reader: offline worker and idle prefetch (baseline)', reader],
      ['the suite (suiteContext: neither)', suite],
      ...(shell ? [['the suite context in the headless shell', shell] as const] : []),
    ] as const;
    for (const [name, run] of runs) {
      const parts = Object.entries(run.cpu)
        .sort((a, b) => b[1] - a[1])
        .map(([type, seconds]) => `${type} ${seconds.toFixed(1)}`)
        .join(', ');
      console.log(`${name}: ${loads} loads in ${run.seconds.toFixed(1)} s, Chromium ${run.total.toFixed(1)} CPU-s (${(run.total / loads).toFixed(2)} per load: ${parts})`);
    }
    console.log(`ratio suite / baseline: ${(suite.total / reader.total).toFixed(2)}`);
    if (shell) console.log(`ratio headless shell / suite: ${(shell.total / suite.total).toFixed(2)}`);
  } finally {
    await site.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
