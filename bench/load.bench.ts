import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startBenchSite } from './benchSite';

/**
 * Issue 12 ("Under load"): 200 connections at once on the home list, an article, a search and a write (an
 * article like, which also drops the cached home list), for DURATION seconds, against the real server with
 * the demo content; then the same mix against a bare node:http server answering the same bytes, in this run.
 *
 *   npx tsx bench/load.bench.ts [--duration=60]
 */

const CONNECTIONS_PER_ROUTE = 50;
const P99_GOAL_MS = 50;
const DURATION_S = Number(/--duration=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 60);
const WRITE_HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

interface Route {
  name: string;
  method: 'GET' | 'PUT';
  path: string;
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

/** Every route at once, CONNECTIONS_PER_ROUTE connections each. */
async function runMix(origin: string, routes: Route[], duration: number): Promise<RouteResult[]> {
  return Promise.all(
    routes.map(async (route) => {
      const result = await autocannon({
        url: origin + route.path,
        method: route.method,
        headers: route.method === 'PUT' ? WRITE_HEADERS : {},
        body: route.method === 'PUT' ? '{}' : undefined,
        connections: CONNECTIONS_PER_ROUTE,
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

async function bareServer(answers: Map<string, { body: Buffer; type: string }>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const answer = answers.get(`${request.method} ${request.url}`);
    if (!answer) return void response.writeHead(404).end();
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function print(label: string, results: RouteResult[]): void {
  console.log(label);
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(13)} ${Math.round(r.rps).toString().padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  ` +
        `p99 ${r.p99.toFixed(1).padStart(6)} ms  errors ${r.errors}`,
    );
  }
}

const site = await startBenchSite();
try {
  const routes = routesFor(site.articleId);
  const answers = new Map<string, { body: Buffer; type: string }>();
  for (const route of routes) {
    const response = await fetch(site.baseUrl + route.path, {
      method: route.method,
      headers: route.method === 'PUT' ? WRITE_HEADERS : {},
      body: route.method === 'PUT' ? '{}' : undefined,
    });
    if (response.status !== 200) throw new Error(`${route.method} ${route.path} answered ${response.status}`);
    answers.set(`${route.method} ${route.path}`, {
      body: Buffer.from(await response.arrayBuffer()),
      type: response.headers.get('content-type') ?? 'application/json',
    });
  }
  await runMix(site.baseUrl, routes, 2); // warm-up
  const blog = await runMix(site.baseUrl, routes, DURATION_S);
  const bare = await bareServer(answers);
  let baseline: RouteResult[];
  try {
    baseline = await runMix(bare.origin, routes, DURATION_S);
  } finally {
    await bare.close();
  }
  const total = (results: RouteResult[]) => results.reduce((sum, r) => sum + r.rps, 0);
  console.log(`${routes.length * CONNECTIONS_PER_ROUTE} connections for ${DURATION_S} s, ${CONNECTIONS_PER_ROUTE} per route:`);
  print('blog server', blog);
  print('bare node:http, same bytes', baseline);
  const worstP99 = Math.max(...blog.map((r) => r.p99));
  const errors = blog.reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `total ${Math.round(total(blog))} vs ${Math.round(total(baseline))} req/s → ratio ${(total(blog) / total(baseline)).toFixed(2)}; ` +
      `worst p99 ${worstP99.toFixed(1)} ms, ${errors} errors → goal (0 errors, p99 < ${P99_GOAL_MS} ms) ` +
      (errors === 0 && worstP99 < P99_GOAL_MS ? 'met' : 'NOT met'),
  );
} finally {
  await site.close();
}
