import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/adapters/db/connect';
import { migrateToLatest } from '../server/adapters/db/migrations';
import { ensureClientBuilt } from '../server/cli/clientBuild';
import { loadConfig } from '../server/config';
import { createServer, PROJECT_ROOT, type CreatedServer } from '../server/main';

export interface BenchSite {
  baseUrl: string;
  /** The id of the first article of the home list. */
  articleId: number;
  /** The administrator's one-time password, as the first start announced it. */
  adminPassword: string;
  /** The running composition (its page cache's counts, for one). */
  server: CreatedServer;
  close(): Promise<void>;
}

/** The bench site's settings: a fresh data folder, the demo content, quiet logs, no per-minute limit in the way. */
export function benchSiteEnv(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' };
}

/** The client as `npm start` serves it: built when older than its sources, into `CLIENT_DIR` or `dist/`. */
export async function builtClientDir(): Promise<string> {
  const clientDir = path.resolve(PROJECT_ROOT, process.env.CLIENT_DIR || 'dist');
  await ensureClientBuilt(clientDir);
  return clientDir;
}

/**
 * The site as a reader meets it: the built client and the real server on a free port (see `benchSiteEnv`);
 * `env` adds settings (`STATS: 'off'`).
 */
export async function startBenchSite(env: Record<string, string> = {}): Promise<BenchSite> {
  const clientDir = await builtClientDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-site-'));
  const config = loadConfig({ ...benchSiteEnv(dataDir), ...env }, dataDir);
  const announced: string[] = [];
  const server = await createServer({ ...config, clientDir }, { announce: (line) => announced.push(line) });
  const adminPassword = /初始密码 (\S+)（/.exec(announced.join('\n'))?.[1] ?? '';
  const close = async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.music?.ready();
    const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    return { baseUrl, articleId: await firstHomeArticle(baseUrl), adminPassword, server, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function firstHomeArticle(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/article/blogHomeGetArticleList/1/1`);
  const body = (await response.json()) as { code: number; result?: { list: { id: number }[] } };
  const id = body.result?.list[0]?.id;
  if (body.code !== 0 || id === undefined) throw new Error('the demo site has no article on its home list');
  return id;
}

/** Registers `username` and signs in as that user: the session cookie to send with requests and sockets. */
export async function signIn(baseUrl: string, username: string, password = 'abc123456'): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: baseUrl };
  await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password, nick_name: username }),
  });
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  return (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** Times `run` after one warm-up run, whose answer it returns. */
export async function timed<T>(run: () => Promise<T>, times: number): Promise<{ samples: number[]; answer: T }> {
  const answer = await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return { samples, answer };
}

export const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** PostgreSQL runs too when a server answers, unless BENCH_POSTGRES=0. */
async function postgresUrl(): Promise<string | undefined> {
  if (process.env.BENCH_POSTGRES === '0') return undefined;
  const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `measure` over a fresh, migrated SQLite file, then over a PostgreSQL schema of its own when a server
 * answers (see postgresUrl); `name` tells the temporary folder and schema apart. The rows of both, in order.
 */
export async function onEachBackend<Row>(name: string, measure: (backend: string, handle: DatabaseHandle) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `blog-bench-${name}-`));
  const sqlite = openDatabase({ dataDir });
  try {
    await migrateToLatest(sqlite.db as Kysely<unknown>, sqlite.dialect);
    rows.push(...(await measure('SQLite', sqlite)));
  } finally {
    await sqlite.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const url = await postgresUrl();
  if (!url && process.env.BENCH_POSTGRES !== '0') console.log('  PostgreSQL: not reachable, skipped');
  if (url) {
    const schema = `bench_${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const postgres = openDatabase({ dataDir: '', databaseUrl: `${url}?options=-c%20search_path%3D${schema}` });
    try {
      await migrateToLatest(postgres.db as Kysely<unknown>, postgres.dialect);
      rows.push(...(await measure('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  return rows;
}

/**
 * The administrator's session cookie, after replacing the one-time password with `password` (the console asks
 * an administrator still on the printed password to change it first). Once per site.
 */
export async function administratorCookie(site: BenchSite, password = 'admin#bench2026'): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', origin: site.baseUrl };
  const login = async (attempt: string) => {
    const response = await fetch(`${site.baseUrl}/api/user/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'admin', password: attempt }),
    });
    const cookie = /blog_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error(`administrator login failed: ${await response.text()}`);
    return cookie;
  };
  const first = await login(site.adminPassword);
  await fetch(`${site.baseUrl}/api/user/updatePassword`, {
    method: 'PUT',
    headers: { ...headers, cookie: first },
    body: JSON.stringify({ old_password: site.adminPassword, new_password: password }),
  });
  return login(password);
}
