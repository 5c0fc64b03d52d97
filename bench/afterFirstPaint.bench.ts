import { chromium, type Browser } from 'playwright-core';
import { startBenchSite } from './benchSite';
import { median, option } from './benchArgs';

/**
 * Issue 24: the main thread a phone spends after the first contentful paint, which is all Lighthouse's total
 * blocking time counts. Each page loads in a fresh phone-sized context, as served and, alternating with it,
 * with `--head=` put into its head (a candidate change tried without building it); a Chromium trace of each
 * load sums the page renderer's tasks after `firstContentfulPaint`, and the blocking time they would make at
 * `--slowdown` as Lighthouse's simulation (Lantern) counts it: a task under 10 ms is dropped, one that lays out
 * is slowed by half the multiplier, and each then blocks for its simulated length − 50 ms. Medians, and the
 * variant's ratio to the page as served; then the frames drawn per second in the 2.5 s after the load (a page
 * at rest draws none; an endless animation, sixty), and the first full layout: the thread time of the task that
 * holds it and how many layout objects it laid out (what a phone pays before its first paint, which no
 * variant's wall time shows reliably on a shared machine). `--detail` lists one load's blocking tasks.
 *
 *   npx tsx bench/afterFirstPaint.bench.ts [--runs=5] [--slowdown=9] [--paths=/home,/archives] [--detail]
 *     [--head='<link rel="expect" href="#page-seed" blocking="render">']
 */

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Load {
  firstPaint: number;
  afterPaint: number;
  blocking: number;
  /** Frames the display compositor drew per second after the load (at most the display's 60). */
  framesPerSecond: number;
  /** Thread time of the task that holds the page's biggest layout, and the objects that layout laid out. */
  layoutCpu: number;
  layoutObjects: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time, where the trace records it. */
  tdur?: number;
  args?: { beginData?: { totalObjects?: number } };
}

/** How long each load is traced after its load event (the app starts 3 s after it at the earliest). */
const AFTER_LOAD_MS = 2500;

/** Lantern drops shorter tasks from its graph (`SIGNIFICANT_DUR_THRESHOLD_MS`). */
const SIGNIFICANT_TASK_MS = 10;

/** A task's blocking time at `slowdown` as Lantern simulates it (layout tasks at half the multiplier). */
function blockingAt(slowdown: number, task: TraceEvent, children: TraceEvent[]): number {
  const ms = (task.dur ?? 0) / 1000;
  if (ms < SIGNIFICANT_TASK_MS) return 0;
  const laysOut = children.some((event) => event.name === 'Layout');
  return Math.max(0, ms * (laysOut ? slowdown / 2 : slowdown) - 50);
}

/** What a task spent its time on: its longest child events. */
function describe(children: TraceEvent[]): string {
  const byName = new Map<string, number>();
  for (const event of children) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
}

async function load(browser: Browser, url: string, head: string, slowdown: number, detail: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // Both variants come through the same route, so the way the document arrives is the same.
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace('</head>', `${head}</head>`) });
  });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'viz'],
  });
  await page.goto(url, { waitUntil: 'load' });
  // This is the page alone, before the app starts.
  await page.waitForTimeout(AFTER_LOAD_MS);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await context.close();
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  // The renderer's last navigation before the paint (an earlier one is the blank page it started with).
  const start = events
    .filter((event) => event.name === 'navigationStart' && event.pid === paint?.pid && event.ts <= paint.ts)
    .at(-1);
  if (!paint || !start) throw new Error(`${url}: no first contentful paint in the trace`);
  const tasks = events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === paint.pid &&
      event.tid === paint.tid &&
      event.ts >= paint.ts,
  );
  const rendererEvents = events.filter(
    (event) => event.ph === 'X' && event.pid === paint.pid && event.tid === paint.tid,
  );
  let afterPaint = 0;
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const children = rendererEvents.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
    const blocks = blockingAt(slowdown, task, children);
    afterPaint += (task.dur ?? 0) / 1000;
    blocking += blocks;
    if (detail && blocks > 0) {
      console.log(
        `  ${((task.ts - start.ts) / 1000).toFixed(0).padStart(6)} ms  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms` +
          `  blocks ${blocks.toFixed(0).padStart(4)}  ${describe(children)}`,
      );
    }
  }
  // A page at rest draws nothing; an endless animation has the compositor draw at the vsync rate. The trace's
  // clock is not the page's: the frames counted are those of the last AFTER_LOAD_MS of the trace.
  const lastEvent = Math.max(...events.map((event) => event.ts));
  const since = lastEvent - AFTER_LOAD_MS * 1000;
  const drawn = events.filter((event) => event.name === 'Display::DrawAndSwap' && event.ts >= since).length;
  const layout = rendererEvents
    .filter((event) => event.name === 'Layout')
    .reduce<TraceEvent | undefined>(
      (longest, event) => ((event.dur ?? 0) > (longest?.dur ?? 0) ? event : longest),
      undefined,
    );
  const layoutTask =
    layout &&
    rendererEvents.find(
      (event) =>
        event.name === 'RunTask' &&
        event.ts <= layout.ts &&
        event.ts + (event.dur ?? 0) >= layout.ts + (layout.dur ?? 0),
    );
  return {
    firstPaint: (paint.ts - start.ts) / 1000,
    afterPaint,
    blocking,
    framesPerSecond: (drawn * 1000) / AFTER_LOAD_MS,
    layoutCpu: (layoutTask?.tdur ?? 0) / 1000,
    layoutObjects: layout?.args?.beginData?.totalObjects ?? 0,
  };
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '5'));
  const slowdown = Number(option('slowdown', '9'));
  const head = option('head', '');
  const detail = process.argv.includes('--detail');
  const site = await startBenchSite();
  const paths = option('paths', `/home,/article?id=${site.articleId},/archives`).split(',');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const variants = head ? ['', head] : [''];
    const results = new Map<string, Load[]>();
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        for (const variant of variants) {
          const key = `${path} — ${variant ? 'with --head' : 'as served'}`;
          if (detail && run === 0) console.log(`${key}, the tasks that block:`);
          const measured = await load(browser, site.baseUrl + path, variant, slowdown, detail && run === 0);
          results.set(key, [...(results.get(key) ?? []), measured]);
        }
      }
    }
    console.log(
      `Medians of ${runs} loads, renderer main thread after the first contentful paint (blocking at ${slowdown}×):`,
    );
    for (const path of paths) {
      const served = results.get(`${path} — as served`)!;
      for (const [label, loads] of [...results].filter(([key]) => key.startsWith(`${path} — `))) {
        const ratio = median(loads.map((l) => l.blocking)) / Math.max(1, median(served.map((l) => l.blocking)));
        console.log(
          `${label.padEnd(40)} FCP ${median(loads.map((l) => l.firstPaint))
            .toFixed(0)
            .padStart(5)} ms` +
            `  after it ${median(loads.map((l) => l.afterPaint))
              .toFixed(0)
              .padStart(5)} ms` +
            `  blocking ${median(loads.map((l) => l.blocking))
              .toFixed(0)
              .padStart(6)} ms  ratio ${ratio.toFixed(2)}` +
            `  then ${median(loads.map((l) => l.framesPerSecond))
              .toFixed(0)
              .padStart(2)} frames/s` +
            `  first layout ${median(loads.map((l) => l.layoutCpu)).toFixed(1)} ms CPU, ${median(loads.map((l) => l.layoutObjects))} objects`,
        );
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
