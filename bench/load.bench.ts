import autocannon from 'autocannon';
import { bareServer, type Answer } from './bareServer';
import { startBenchSite } from './benchSite';

/**
 * Issue 12 ("Under load"): 200 connections at once on the home list, an article, a search and a write (an
 * article like, which also drops the cached home list), for DURATION seconds, against the real server with
 * the demo content; then the same mix against a bare node:http server answering the same bytes, in this run.
 * Then the cost of the site's own statistics (issue 23): the server-rendered home page and an article page,
 * as a browser asks for them (so each is counted), 10 connections each, on a site with counting on and one
 * with STATS=off. The site and the bare server take turns, ROUNDS rounds of DURATION / ROUNDS seconds each, so
 * a busy moment of the shared machine falls on both; every round is printed.
 *
 *   npx tsx bench/load.bench.ts [--duration=60] [--rounds=4] [--stats-duration=20]
 */

const CONNECTIONS_PER_ROUTE = 50;
const P99_GOAL_MS = 50;
/** Issue 47: the mix at half the bare server's rate or better. */
const RATIO_GOAL = 0.5;
const DURATION_S = Number(/--duration=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 60);
const MIX_ROUNDS = Number(/--rounds=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 4);
const WRITE_HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
/** Server rendering costs far more than an API answer: fewer connections keep latencies inside the timeout. */
const PAGE_CONNECTIONS = 10;
const STATS_DURATION_S = Number(/--stats-duration=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 20);
/** A browser's user agent: autocannon names none, and an empty one is left out as a bot. */
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'accept-encoding': 'gzip',
};

interface Route {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
  headers?: Record<string, string>;
}

interface RouteResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function routesFor(articleId: number): Route[] {
  return [
    { name: 'home list', method: 'GET', path: '/api/article/blogHomeGetArticleList/1/10' },
    { name: 'article', method: 'GET', path: `/api/article/getArticleById/${articleId}` },
    { name: 'search', method: 'GET', path: `/api/article/getArticleListByContent/${encodeURIComponent('春天')}` },
    { name: 'like (write)', method: 'PUT', path: `/api/article/like/${articleId}` },
  ];
}

/** Every route at once, `connections` each. */
async function runMix(origin: string, routes: Route[], duration: number, connections = CONNECTIONS_PER_ROUTE): Promise<RouteResult[]> {
  return Promise.all(
    routes.map(async (route) => {
      const result = await autocannon({
        url: origin + route.path,
        method: route.method,
        headers: route.method === 'PUT' ? WRITE_HEADERS : (route.headers ?? {}),
        body: route.method === 'PUT' ? '{}' : undefined,
        connections,
        duration,
        timeout: 10,
        workers: 1,
      });
      return {
        name: route.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      };
    }),
  );
}

/** Headers Node writes by itself on every answer, the bare server's included. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function print(label: string, results: RouteResult[]): void {
  console.log(label);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(13)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  ` +
        `p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`,
    );
  }
}

/** The rounds' results of each route together: mean rate, worst p50 and p99, all errors. */
function together(rounds: RouteResult[][]): RouteResult[] {
  return rounds[0]!.map((first, i) => {
    const of = rounds.map((round) => round[i]!);
    return {
      name: first.name,
      rps: of.reduce((sum, r) => sum + r.rps, 0) / of.length,
      p50: Math.max(...of.map((r) => r.p50)),
      p99: Math.max(...of.map((r) => r.p99)),
      errors: of.reduce((sum, r) => sum + r.errors, 0),
    };
  });
}

const total = (results: RouteResult[]) => results.reduce((sum, r) => sum + r.rps, 0);

const site = await startBenchSite();
try {
  const routes = routesFor(site.articleId);
  const answers = new Map<string, Answer>();
  for (const route of routes) {
    const response = await fetch(site.baseUrl + route.path, {
      method: route.method,
      headers: route.method === 'PUT' ? WRITE_HEADERS : {},
      body: route.method === 'PUT' ? '{}' : undefined,
    });
    if (response.status !== 200) throw new Error(`${route.method} ${route.path} answered ${response.status}`);
    // fetch asks for gzip, which the mix does not: the answer's headers are kept, its encoding is not.
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION.has(name) && name !== 'content-encoding' && name !== 'vary'));
    answers.set(route.path, { body: Buffer.from(await response.arrayBuffer()), headers });
  }
  const bare = await bareServer(answers);
  const blogRounds: RouteResult[][] = [];
  const bareRounds: RouteResult[][] = [];
  try {
    await runMix(site.baseUrl, routes, 2); // warm-up
    const seconds = Math.max(1, Math.round(DURATION_S / MIX_ROUNDS));
    console.log(`${routes.length * CONNECTIONS_PER_ROUTE} connections, ${CONNECTIONS_PER_ROUTE} per route, ${MIX_ROUNDS} rounds of ${seconds} s each side:`);
    for (let round = 1; round <= MIX_ROUNDS; round++) {
      const blog = await runMix(site.baseUrl, routes, seconds);
      const baseline = await runMix(bare.origin, routes, seconds);
      blogRounds.push(blog);
      bareRounds.push(baseline);
      print(`round ${round}: blog server`, blog);
      print(`round ${round}: bare node:http, same bytes`, baseline);
      console.log(`  round ${round}: ${Math.round(total(blog))} vs ${Math.round(total(baseline))} req/s → ratio ${(total(blog) / total(baseline)).toFixed(2)}`);
    }
  } finally {
    await bare.close();
  }
  const blog = together(blogRounds);
  const baseline = together(bareRounds);
  print('blog server, all rounds (mean rate, worst p50 and p99)', blog);
  print('bare node:http, all rounds', baseline);
  const worstP99 = Math.max(...blog.map((r) => r.p99));
  const errors = blog.reduce((sum, r) => sum + r.errors, 0);
  const ratio = total(blog) / total(baseline);
  console.log(
    `total ${Math.round(total(blog))} vs ${Math.round(total(baseline))} req/s → ratio ${ratio.toFixed(2)}; ` +
      `worst p99 ${worstP99.toFixed(1)} ms, ${errors} errors → goal (≥ ${RATIO_GOAL}, p99 ≤ ${P99_GOAL_MS} ms, 0 errors) ` +
      (errors === 0 && worstP99 <= P99_GOAL_MS && ratio >= RATIO_GOAL ? 'met' : 'NOT met'),
  );
} finally {
  await site.close();
}

// Counting on vs off in this run: the same pages and connections (worst p50 / p99 of the rounds).
const pages = (articleId: number): Route[] => [
  { name: 'home page', method: 'GET', path: '/home', headers: BROWSER_HEADERS },
  { name: 'article page', method: 'GET', path: `/article?id=${articleId}`, headers: BROWSER_HEADERS },
];
// Both sites up at once, measured in turns (off, on, off, on…) so a busy moment of the machine falls on both.
const ROUNDS = 4;
const sites = { off: await startBenchSite({ STATS: 'off' }), on: await startBenchSite({ STATS: 'on' }) };
const measured: Record<'on' | 'off', RouteResult[]> = { on: [], off: [] };
try {
  for (const statsSite of Object.values(sites)) await runMix(statsSite.baseUrl, pages(statsSite.articleId), 2, PAGE_CONNECTIONS); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const stats of ['off', 'on'] as const) {
      const results = await runMix(sites[stats].baseUrl, pages(sites[stats].articleId), STATS_DURATION_S / ROUNDS, PAGE_CONNECTIONS);
      measured[stats] = results.map((r, i) => {
        const sum = measured[stats][i];
        if (!sum) return { ...r, rps: r.rps / ROUNDS };
        return { ...sum, rps: sum.rps + r.rps / ROUNDS, p50: Math.max(sum.p50, r.p50), p99: Math.max(sum.p99, r.p99), errors: sum.errors + r.errors };
      });
    }
  }
} finally {
  await Promise.all(Object.values(sites).map((statsSite) => statsSite.close()));
}
console.log(`statistics: ${2 * PAGE_CONNECTIONS} connections for ${STATS_DURATION_S} s on server-rendered pages`);
print('counting on (STATS=on)', measured.on);
print('counting off (STATS=off)', measured.off);
for (const [i, on] of measured.on.entries()) {
  const off = measured.off[i]!;
  console.log(`  ${on.name}: counting on / off → ratio ${(on.rps / off.rps).toFixed(2)} (p99 ${on.p99.toFixed(1)} vs ${off.p99.toFixed(1)} ms)`);
}
