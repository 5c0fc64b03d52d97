import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { PRODUCTION_COST, ScryptPasswordHasher } from '../server/adapters/crypto/scryptPasswordHasher';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';

/*
 * POST /api/user/login at the production scrypt cost (N = 2^17, r = 8, p = 1) against GET /healthz on
 * the same server, and one scrypt hash against one SHA-256 of the same password, all in this run.
 */

const CONNECTIONS = 4;
const DURATION_S = 5;
/** Logins are slow by design: a longer window so the count is not a handful. */
const LOGIN_DURATION_S = 10;
const HASH_RUNS = 5;
const SHA_RUNS = 20_000;
const PASSWORD = 'bench-pass-123';

export interface LoginReport {
  hashMs: number;
  shaMs: number;
  loginRps: number;
  loginLatencyMs: number;
  healthRps: number;
}

async function load(options: autocannon.Options): Promise<autocannon.Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, timeout: 20, workers: 1, ...options });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${options.url}: ${failures} failed requests during the benchmark`);
  return result;
}

async function measureHash(): Promise<{ hashMs: number; shaMs: number }> {
  const hasher = new ScryptPasswordHasher(PRODUCTION_COST);
  await hasher.hash(PASSWORD); // warm-up: first call sizes the thread pool's memory
  let started = performance.now();
  for (let i = 0; i < HASH_RUNS; i++) await hasher.hash(PASSWORD);
  const hashMs = (performance.now() - started) / HASH_RUNS;
  started = performance.now();
  for (let i = 0; i < SHA_RUNS; i++) crypto.createHash('sha256').update(PASSWORD).digest();
  const shaMs = (performance.now() - started) / SHA_RUNS;
  return { hashMs, shaMs };
}

export async function measureLogin(): Promise<LoginReport> {
  const { hashMs, shaMs } = await measureHash();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-login-'));
  const blog = await createServer(
    { ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' }, dataDir), clientDir: '' },
    { announce: () => undefined },
  );
  try {
    const base = (await blog.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const registered = await fetch(`${base}/api/user/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'benchuser', password: PASSWORD }),
    });
    if (((await registered.json()) as { code: number }).code !== 0) throw new Error('could not register the bench user');

    await load({ url: `${base}/healthz`, duration: 1 });
    const health = await load({ url: `${base}/healthz` });
    const login = await load({
      url: `${base}/api/user/login`,
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'benchuser', password: PASSWORD, remember: false }),
      duration: LOGIN_DURATION_S,
    });
    return {
      hashMs,
      shaMs,
      // A login takes hundreds of milliseconds: per-second samples would round to 0, the total does not.
      loginRps: login.requests.total / login.duration,
      loginLatencyMs: login.latency.mean,
      healthRps: health.requests.average,
    };
  } finally {
    await blog.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLogin(report: LoginReport): void {
  const { N, r, p } = PRODUCTION_COST;
  console.log(`Password hashing, scrypt N=${N} r=${r} p=${p} (${(128 * N * r) / 2 ** 20} MiB each):`);
  console.log(`  scrypt      ${report.hashMs.toFixed(1).padStart(10)} ms per hash`);
  console.log(`  sha-256     ${(report.shaMs * 1000).toFixed(2).padStart(10)} µs per hash`);
  console.log(`  ratio ${Math.round(report.hashMs / report.shaMs).toLocaleString('en-US')} (scrypt / sha-256)`);
  console.log(`POST /api/user/login (${CONNECTIONS} connections, ${LOGIN_DURATION_S} s; GET /healthz ${DURATION_S} s; ${os.cpus().length} cores):`);
  console.log(`  login       ${report.loginRps.toFixed(1).padStart(10)} requests/s (mean latency ${Math.round(report.loginLatencyMs)} ms)`);
  console.log(`  healthz     ${Math.round(report.healthRps).toLocaleString('en-US').padStart(10)} requests/s`);
  console.log(`  ratio ${(report.loginRps / report.healthRps).toFixed(4)} (login / healthz)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printLogin(await measureLogin());
}
