import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';

/** The hot reads the issue names: the site configuration and the first page of the home list. */
export const HOT_READS = ['/api/config', '/api/article/blogHomeGetArticleList/1/10'] as const;
const CONNECTIONS = [10, 100] as const;
const DURATION_S = Number(argument('duration') ?? 2);
/**
 * Each pair of measurements is repeated, the order swapped each round. On a shared machine a busy moment can
 * fall on one side of a pair, so the ratio reported is the median of the rounds' own ratios.
 */
const ROUNDS = Number(argument('rounds') ?? 5);
/**
 * `same` (default): the bare server sends the blog's whole answer, its headers (security headers included)
 * as well as its body, so both do the same I/O and the ratio is the cost of the blog's own work.
 * `minimal`: the bare server sends the body with only a content type and length, as this benchmark did first.
 */
const BARE_HEADERS = argument('bare-headers') === 'minimal' ? 'minimal' : 'same';
/** Headers Node writes by itself on every answer, the bare server's included. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const WARM_UP_S = 1;
/** Goals of issue 11: at least this share of the bare server's requests per second… */
export const RATIO_GOAL = 0.7;
/** …and a p99 latency under this many milliseconds at 100 connections. */
export const P99_GOAL_MS = 10;

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

interface Sample {
  rps: number;
  p99: number;
}

export interface RpsRow {
  path: string;
  connections: number;
  bytes: number;
  blog: Sample;
  bare: Sample;
  /** Median of the rounds' ratios of the blog server's requests per second over the bare server's. */
  ratio: number;
  /** Each round's ratio. */
  ratios: number[];
  /** Share of the blog's answers given by the hot path in front of Fastify (see hotPath.ts). */
  hotShare: number;
}

export interface RpsReport {
  rows: RpsRow[];
  durationS: number;
  rounds: number;
  bareHeaders: 'same' | 'minimal';
}

async function measure(url: string, connections: number, duration: number): Promise<Sample> {
  const result = await autocannon({ url, connections, duration, timeout: 10, workers: 1 });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests during the benchmark`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The blog's request counts (/healthz): how many it answered, and how many of those before Fastify. */
async function requestCounts(origin: string): Promise<{ total: number; hotPath: number }> {
  const body = (await (await fetch(`${origin}/healthz`)).json()) as { requests: { total: number; hotPath: number } };
  return body.requests;
}

/**
 * The answer exactly as autocannon gets it: node:http sends no Accept-Encoding (fetch would ask for gzip,
 * and the blog's compressed answer carries headers the benchmark's own requests never get).
 */
function sampleAnswer(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function mean(samples: Sample[]): Sample {
  const sum = samples.reduce((total, s) => ({ rps: total.rps + s.rps, p99: total.p99 + s.p99 }), { rps: 0, p99: 0 });
  return { rps: sum.rps / samples.length, p99: sum.p99 / samples.length };
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/**
 * The hot reads on the real server (Fastify, SQLite, schemas, security headers, compression) against a bare
 * node:http server answering the same bytes (see BARE_HEADERS), both measured in this run on this machine,
 * at 10 and at 100 connections.
 */
export async function measureConfigRps(): Promise<RpsReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-data-'));
  const blog = await createServer({
    ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' }, dataDir),
    clientDir: '',
  });
  const bare = http.createServer();
  try {
    const blogOrigin = (await blog.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const answers = new Map<string, { body: Buffer; headers: http.OutgoingHttpHeaders }>();
    for (const route of HOT_READS) {
      const sample = await sampleAnswer(`${blogOrigin}${route}`);
      if (sample.status !== 200) throw new Error(`GET ${route} answered ${sample.status}`);
      const body = sample.body;
      const headers: http.OutgoingHttpHeaders =
        BARE_HEADERS === 'same'
          ? Object.fromEntries(Object.entries(sample.headers).filter(([name]) => !PER_CONNECTION.has(name)))
          : { 'content-type': sample.headers['content-type'] ?? 'application/json; charset=utf-8' };
      answers.set(route, { body, headers: { ...headers, 'content-length': body.length } });
    }
    bare.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
      const answer = answers.get(request.url ?? '');
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, answer.headers);
      response.end(answer.body);
    });
    const bareOrigin = await listen(bare);

    const rows: RpsRow[] = [];
    for (const route of HOT_READS) {
      for (const connections of CONNECTIONS) {
        const blogSamples: Sample[] = [];
        const bareSamples: Sample[] = [];
        const hot = { total: 0, hotPath: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? (['bare', 'blog'] as const) : (['blog', 'bare'] as const);
          for (const which of order) {
            const url = `${which === 'bare' ? bareOrigin : blogOrigin}${route}`;
            await measure(url, connections, WARM_UP_S);
            if (which === 'bare') {
              bareSamples.push(await measure(url, connections, DURATION_S));
              continue;
            }
            const before = await requestCounts(blogOrigin);
            blogSamples.push(await measure(url, connections, DURATION_S));
            const after = await requestCounts(blogOrigin);
            // The count's own request (/healthz) goes through Fastify: left out.
            hot.total += after.total - before.total - 1;
            hot.hotPath += after.hotPath - before.hotPath;
          }
        }
        const ratios = blogSamples.map((blogSample, round) => blogSample.rps / bareSamples[round]!.rps);
        const blogMean = mean(blogSamples);
        const bareMean = mean(bareSamples);
        rows.push({
          path: route,
          connections,
          bytes: answers.get(route)!.body.length,
          blog: blogMean,
          bare: bareMean,
          ratio: median(ratios),
          ratios,
          hotShare: hot.hotPath / hot.total,
        });
      }
    }
    return { rows, durationS: DURATION_S, rounds: ROUNDS, bareHeaders: BARE_HEADERS };
  } finally {
    await new Promise((resolve) => bare.close(resolve));
    await blog.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** True when every row reaches the ratio goal and every 100-connection row the p99 goal. */
export function meetsGoals(report: RpsReport): boolean {
  return report.rows.every((row) => row.ratio >= RATIO_GOAL && (row.connections < 100 || row.blog.p99 < P99_GOAL_MS));
}

export function printConfigRps(report: RpsReport): void {
  const rps = (value: number) => Math.round(value).toLocaleString('en-US').padStart(7);
  const ms = (value: number) => `${value.toFixed(1).padStart(5)} ms`;
  console.log(
    `Hot reads, blog server vs bare node:http (${report.bareHeaders === 'same' ? 'same headers and body' : 'same body, minimal headers'}; ` +
      `${report.durationS} s × ${report.rounds} rounds each, ratio = median of the rounds'):`,
  );
  for (const row of report.rows) {
    console.log(
      `  GET ${row.path} (${row.bytes} bytes, ${String(row.connections).padStart(3)} connections): ` +
        `blog ${rps(row.blog.rps)} req/s p99 ${ms(row.blog.p99)} | bare ${rps(row.bare.rps)} req/s p99 ${ms(row.bare.p99)} | ` +
        `ratio ${row.ratio.toFixed(2)} (rounds ${row.ratios.map((ratio) => ratio.toFixed(2)).join(' ')}; ` +
        `${(row.hotShare * 100).toFixed(1)}% answered before Fastify)`,
    );
  }
  console.log(
    `  goals: ratio ≥ ${RATIO_GOAL}, p99 < ${P99_GOAL_MS} ms at 100 connections → ${meetsGoals(report) ? 'met' : 'NOT met'}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printConfigRps(await measureConfigRps());
}
