import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';

const CONNECTIONS = 10;
const DURATION_S = 5;
const WARM_UP_S = 1;

export interface RpsReport {
  blog: number;
  bare: number;
  /** Blog server's requests per second over the bare server's. */
  ratio: number;
  bytes: number;
}

async function requestsPerSecond(url: string, duration: number): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, workers: 1 });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${failures} failed requests during the benchmark`);
  return result.requests.average;
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/**
 * GET /api/config on the real server (Fastify, SQLite, schemas, helmet, compression) against a bare
 * node:http server answering the same bytes, both measured in this run on this machine.
 */
export async function measureConfigRps(): Promise<RpsReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-data-'));
  const blog = await createServer({
    ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent' }, dataDir),
    clientDir: '',
  });
  const bare = http.createServer();
  try {
    const blogUrl = `${(await blog.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '')}/api/config`;
    const sample = await fetch(blogUrl);
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
    if (sample.status !== 200) throw new Error(`GET /api/config answered ${sample.status}`);
    bare.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    const bareUrl = `${await listen(bare)}/api/config`;

    await requestsPerSecond(bareUrl, WARM_UP_S);
    const bareRps = await requestsPerSecond(bareUrl, DURATION_S);
    await requestsPerSecond(blogUrl, WARM_UP_S);
    const blogRps = await requestsPerSecond(blogUrl, DURATION_S);
    return { blog: blogRps, bare: bareRps, ratio: blogRps / bareRps, bytes: body.length };
  } finally {
    await new Promise((resolve) => bare.close(resolve));
    await blog.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printConfigRps(report: RpsReport): void {
  console.log(`GET /api/config (${report.bytes} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each):`);
  console.log(`  blog server  ${Math.round(report.blog).toLocaleString('en-US').padStart(8)} requests/s`);
  console.log(`  bare node    ${Math.round(report.bare).toLocaleString('en-US').padStart(8)} requests/s`);
  console.log(`  ratio ${report.ratio.toFixed(2)} (blog / bare)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printConfigRps(await measureConfigRps());
}
