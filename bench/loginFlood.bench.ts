import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import http from 'node:http';
import { loadConfig } from '../server/config';
import { startServer } from '../server/main';

/*
 * 200 concurrent bad logins (wrong passwords for a real account and logins for accounts that do not
 * exist, each from its own forwarded address, so only the hashing bound stands between them and the
 * CPU) at the production scrypt cost, while a page and a hashed asset are fetched one after another.
 * Their p50/p99 during the flood are printed against the same measured without it, in the same run.
 * The server runs in a child process, so the flood's client work does not share its event loop.
 *
 *   npx tsx bench/loginFlood.bench.ts
 */

const FLOOD = 200;
/** Each phase (quiet, flooded) is measured this long, a page and an asset every PROBE_GAP_MS. */
const MEASURE_MS = 15_000;
const PROBE_GAP_MS = 20;
const PAGE = '/home';
const ASSET = '/assets/index-B3xY9kLm.js';
const PASSWORD = 'bench-pass-123';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

interface Answer {
  statusCode: number;
  body: string;
}

function call(agent: http.Agent, url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function serve(dataDir: string, clientDir: string): Promise<void> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' }, dataDir),
    clientDir,
  };
  const server = await startServer({ ...config, port: 0, host: '127.0.0.1' }, { announce: () => undefined });
  process.stdout.write(`${server.url}\n`);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-flood-'));
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html lang="zh-CN"><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`);
  fs.writeFileSync(path.join(clientDir, ASSET), `export const words = ${JSON.stringify('听雨小筑 '.repeat(20_000))};\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', dataDir, clientDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /http:\/\/\S+/.exec(String(chunk));
        if (match) resolve(match[0].replace(/\/$/, ''));
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const floodAgent = new http.Agent({ keepAlive: true, maxSockets: 4 * FLOOD });
    const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const registered = await call(probeAgent, `${base}/api/user/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'benchowner', password: PASSWORD }),
    });
    if ((JSON.parse(registered.body) as { code: number }).code !== 0) throw new Error('could not register the bench user');

    const probe = async (url: string): Promise<number> => {
      const started = performance.now();
      const response = await call(probeAgent, `${base}${url}`, { headers: { 'accept-encoding': 'gzip' } });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      return performance.now() - started;
    };
    const measure = async () => {
      const page: number[] = [];
      const asset: number[] = [];
      const started = performance.now();
      while (performance.now() - started < MEASURE_MS) {
        page.push(await probe(PAGE));
        asset.push(await probe(ASSET));
        await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
      }
      return { page: page.sort((a, b) => a - b), asset: asset.sort((a, b) => a - b) };
    };

    for (let i = 0; i < 40; i++) await probe(i % 2 ? PAGE : ASSET); // warm-up
    const quiet = await measure();

    // Waves of FLOOD logins fired at once, one wave a second whether or not the last was answered (an
    // open loop: the attackers do not wait for us), each login from its own address.
    let flooding = true;
    let sent = 0;
    const outcomes = new Map<string, number>();
    const pending: Promise<void>[] = [];
    const badLogin = async (n: number) => {
      const username = n % 2 === 0 ? 'benchowner' : `ghost_${n}`;
      const response = await call(floodAgent, `${base}/api/user/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ username, password: 'wrong-pass1' }),
      });
      const body = JSON.parse(response.body) as { code: number };
      const key = response.statusCode === 200 ? `code ${body.code}` : `HTTP ${response.statusCode}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    };
    const waves = (async () => {
      while (flooding) {
        for (let i = 0; i < FLOOD; i++) pending.push(badLogin(sent++));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first wave is in
    const flooded = await measure();
    flooding = false;
    await waves;
    await Promise.all(pending);

    const line = (name: string, during: number[], without: number[]) =>
      `  ${name.padEnd(6)} p50 ${quantile(during, 0.5).toFixed(1).padStart(6)} ms  p99 ${quantile(during, 0.99).toFixed(1).padStart(6)} ms` +
      `   without the flood: p50 ${quantile(without, 0.5).toFixed(1)} ms  p99 ${quantile(without, 0.99).toFixed(1)} ms` +
      `   ratio p99 ${(quantile(during, 0.99) / quantile(without, 0.99)).toFixed(2)}`;
    console.log(`Waves of ${FLOOD} concurrent bad logins a second for ${MEASURE_MS / 1000} s (scrypt N=2^17; ${os.availableParallelism()} cores), ${flooded.page.length} page and asset requests, one after another:`);
    console.log(line('page', flooded.page, quiet.page));
    console.log(line('asset', flooded.asset, quiet.asset));
    console.log(`  logins sent during the run: ${sent} (${[...outcomes].map(([k, v]) => `${k}: ${v}`).join(', ')})`);
    const worst = Math.max(quantile(flooded.page, 0.99), quantile(flooded.asset, 0.99));
    console.log(worst < 100 ? `  OK: page and asset p99 under 100 ms during the flood` : `  OVER: p99 ${worst.toFixed(1)} ms ≥ 100 ms`);
    probeAgent.destroy();
    floodAgent.destroy();
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(clientDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) await serve(process.argv[serveAt + 1] ?? '', process.argv[serveAt + 2] ?? '');
  else await main();
}
