import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselySiteRepository } from '../../../server/adapters/db/siteRepository';
import { buildApp } from '../../../server/adapters/http/app';
import { loadConfig, type AppConfig } from '../../../server/config';
import { SiteService } from '../../../server/domain/site/siteService';
import { createContentServices, createServer, type CreatedServer } from '../../../server/main';
import { recordingPublisher } from '../../fakes/recordingPublisher';
import { MARKER, testHasher } from '../accounts/support';
import { POSTGRES_URL, REDIS_URL, adminQuery } from '../support/databases';
import { takeOverAdministrator } from '../support/administrator';
import { temporaryFolder } from '../support/siteServer';

export { REDIS_URL };

/** Every hot read, with the home pages a reader asks for (8 a page) and one at the largest kept size. */
export const HOT_PATHS = [
  '/api/config',
  '/api/pageHeader/getAll',
  '/api/category/getAll',
  '/api/tag/getAll',
  '/api/article/getHotArticle',
  '/api/statistic/facts',
  '/api/article/blogHomeGetArticleList/1/8',
  '/api/article/blogHomeGetArticleList/2/8',
  '/api/article/blogHomeGetArticleList/1/20',
  `/api/article/getArticleListByContent/${encodeURIComponent('春天')}`,
] as const;

/** What the site's own pages send with a state-changing call. */
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as it came, still compressed when it was sent so. */
  bytes: Buffer;
}

/** A GET over a real socket with no Accept-Encoding: what the hot path in front of Fastify answers. */
export function rawGet(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString('utf8'), bytes });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export interface TestSite {
  server: CreatedServer;
  app: FastifyInstance;
  url: string;
  adminPassword: string;
  close(): Promise<void>;
}

export interface SharedData {
  name: 'SQLite' | 'PostgreSQL';
  /** The configuration every instance over this data starts with. */
  config: AppConfig;
  /** A second connection, beside every server: the reference reads and changes behind their back. */
  open(): DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * A data folder and a database (a SQLite file, or a PostgreSQL schema of its own), with the demo content
 * seeded by the first server started on it. A music upstream stands in for the local library, whose demo
 * album costs seconds to make and has nothing to do with the hot reads.
 */
export async function sharedData(name: SharedData['name'], env: Record<string, string> = {}): Promise<SharedData> {
  const dataDir = temporaryFolder('blog-hot-');
  const base = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000', ...env }, dataDir),
    dataDir,
    musicUpstream: 'http://127.0.0.1:9',
    clientDir: '',
  };
  if (name === 'SQLite') {
    return {
      name,
      config: base,
      open: () => openDatabase({ dataDir }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
  return {
    name,
    config: { ...base, databaseUrl },
    open: () => openDatabase({ dataDir, databaseUrl }),
    dispose: async () => {
      await adminQuery(`drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real composition over the shared data, listening on a free port. The hot reads are kept for a
 * minute, and counted views and changed counts wait as long: longer than any test, so only an
 * invalidation (or `settleCounters`) can make a changed answer appear.
 */
export async function startSite(
  data: SharedData,
  overrides: { redisUrl?: string; cacheRedisPrefix?: string; counterLagMs?: number } = {},
): Promise<TestSite> {
  let adminPassword = '';
  const server = await createServer(
    { ...data.config, ...(overrides.redisUrl ? { redisUrl: overrides.redisUrl } : {}) },
    {
      passwordHasher: testHasher,
      announce: (line) => (adminPassword = /初始密码 (\S+)（/.exec(line)?.[1] ?? adminPassword),
      readCacheTtlMs: 60_000,
      counterLagMs: overrides.counterLagMs ?? 60_000,
      ...(overrides.cacheRedisPrefix
        ? {
            cacheRedisPrefix: overrides.cacheRedisPrefix,
            chatRedisPrefix: `${overrides.cacheRedisPrefix}:chat`,
            limitsRedisPrefix: `${overrides.cacheRedisPrefix}:limits`,
          }
        : {}),
    },
  );
  // The first start's administrator sets their own password first, or the server refuses their changes.
  adminPassword = await takeOverAdministrator(server.app, adminPassword);
  const url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  return { server, app: server.app, url, adminPassword, close: () => server.close() };
}

/** An app over the same database that keeps nothing: every answer read from the database now. */
export async function referenceApp(db: DatabaseHandle): Promise<FastifyInstance> {
  return buildApp(
    {
      site: new SiteService(new KyselySiteRepository(db.db)),
      content: createContentServices(db.db, db.dialect, recordingPublisher().publisher),
      healthCheck: async () => undefined,
    },
    { logLevel: process.env.DEBUG_REF ? 'error' : 'silent' },
  );
}

/**
 * Every hot read of `site`, answered by the hot path and by Fastify (both from the cache), is exactly what
 * the reference reads from the database now. Also fills the cache for the next write.
 */
export async function expectFresh(site: TestSite, reference: FastifyInstance): Promise<void> {
  for (const url of HOT_PATHS) {
    const expected = (await reference.inject({ method: 'GET', url })).body;
    expect(JSON.parse(expected)).toMatchObject({ code: 0 });
    expect((await rawGet(`${site.url}${url}`)).body, `${url} (hot path)`).toBe(expected);
    expect((await site.app.inject({ method: 'GET', url })).body, `${url} (through Fastify)`).toBe(expected);
  }
}

export async function write(
  site: TestSite,
  method: 'PUT' | 'POST' | 'GET',
  url: string,
  payload?: object,
  cookie?: string,
) {
  const response = await site.app.inject({
    method,
    url,
    headers: { ...SAME_SITE, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  expect(response.json<{ code: number }>().code).toBe(0);
  return response.json<{ result: unknown }>().result;
}

export async function adminCookie(site: TestSite, password: string): Promise<string> {
  const response = await site.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: SAME_SITE,
    payload: { username: 'admin', password },
  });
  const token = response.cookies.find((c) => c.name === 'blog_session')?.value;
  if (!token) throw new Error(`administrator login failed: ${response.body}`);
  return `blog_session=${token}`;
}

/** A Markdown post on disk, for the importer. */
export function markdownPost(title: string): { dir: string; file: string } {
  const dir = temporaryFolder('blog-hot-post-');
  const file = path.join(dir, `${crypto.randomBytes(4).toString('hex')}.md`);
  fs.writeFileSync(
    file,
    `---\ntitle: ${title}\ndate: 2030-01-02 03:04:05\ncategories: [缓存]\ntags: [性能, 新标签]\n---\n\n${title}的正文。\n`,
  );
  return { dir, file };
}
