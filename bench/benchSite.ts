import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuilt } from '../server/cli/clientBuild';
import { loadConfig } from '../server/config';
import { createServer, PROJECT_ROOT } from '../server/main';

export interface BenchSite {
  baseUrl: string;
  /** The id of the first article of the home list. */
  articleId: number;
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

/** The site as a reader meets it: the built client and the real server on a free port (see `benchSiteEnv`). */
export async function startBenchSite(): Promise<BenchSite> {
  const clientDir = await builtClientDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-site-'));
  const config = loadConfig(benchSiteEnv(dataDir), dataDir);
  const server = await createServer({ ...config, clientDir });
  const close = async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.music?.ready();
    const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
    return { baseUrl, articleId: await firstHomeArticle(baseUrl), close };
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
