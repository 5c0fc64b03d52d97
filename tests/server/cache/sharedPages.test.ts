import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceChanges } from '../../../server/adapters/cache/redisChangeRelay';
import type { PageCacheCounts } from '../../../server/adapters/ssr/pageCache';
import { pageCache } from '../../../server/adapters/metrics/metrics';
import { postgresAndRedisUnreachable } from '../support/databases';
import { adminCookie, rawGet, REDIS_URL, sharedData, startSite, write, type SharedData, type TestSite } from './support';
import { writeRenderingClient } from './pageSupport';

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

function countsOf(site: TestSite): PageCacheCounts {
  const pages = site.server.pages;
  if (!pages) throw new Error('the page cache is off');
  return pages.counts();
}

/** A page over a real socket, under one host name for both instances (as behind one address). */
async function page(site: TestSite, url: string, headers: http.OutgoingHttpHeaders = {}) {
  const answer = await rawGet(`${site.url}${url}`, { host: 'blog.test', ...headers });
  expect(answer.status, url).toBe(200);
  return answer;
}

/** What serving `url` on `site` cost: renders, copies taken from Redis, and the page. */
async function served(site: TestSite, url: string, headers: http.OutgoingHttpHeaders = {}) {
  const before = countsOf(site);
  const answer = await page(site, url, headers);
  const after = countsOf(site);
  return { body: answer.body, etag: answer.headers.etag, rendered: after.renders - before.renders, fromRedis: after.sharedHits - before.sharedHits };
}

/** The page cache's lookups of one result so far, as /metrics tells them (both instances run in this process). */
async function counted(result: 'hit' | 'miss' | 'shared'): Promise<number> {
  return (await pageCache.get()).values.find((value) => value.labels.result === result)?.value ?? 0;
}

describe.skipIf(skipReason !== undefined)('visitors’ pages shared through Redis by two instances (PostgreSQL)', () => {
  const prefix = `test-shared-pages-${crypto.randomBytes(6).toString('hex')}`;
  let data: SharedData;
  let clientDir: string;
  let a: TestSite;
  let b: TestSite;
  let admin: string;

  beforeAll(async () => {
    clientDir = writeRenderingClient();
    data = await sharedData('PostgreSQL', { PAGE_CACHE_REDIS: '1' });
    data.config.clientDir = clientDir;
    a = await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix });
    b = await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix });
    admin = await adminCookie(a, a.adminPassword);
  }, 90_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await data?.dispose();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves on one instance the page the other rendered, without rendering it again', async () => {
    const first = await served(a, '/category');
    expect(first.rendered).toBe(1);
    const [shared, missed] = [await counted('shared'), await counted('miss')];
    const second = await served(b, '/category');
    expect(second).toMatchObject({ rendered: 0, fromRedis: 1, body: first.body, etag: first.etag });
    // Counted as a copy from the other instance, not as a render.
    expect([(await counted('shared')) - shared, (await counted('miss')) - missed]).toEqual([1, 0]);
    // Then from B's own memory.
    expect(await served(b, '/category')).toMatchObject({ rendered: 0, fromRedis: 0, body: first.body });
  });

  it('drops the shared copies with a write, on either instance: the next request shows it, rendered once for both', async () => {
    for (const [writer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const text = `共享页面上的说说${crypto.randomBytes(3).toString('hex')}`;
      await served(writer, '/talk');
      await served(other, '/talk');
      expect((await served(other, '/talk')).rendered).toBe(0);
      await write(writer, 'POST', '/api/talk/add', { content: text, images: [], pinned: false }, admin);
      // The writer's own next request sees it at once.
      const mine = await served(writer, '/talk');
      expect(mine.body).toContain(text);
      expect(mine.rendered).toBe(1);
      // The other is told through Redis a moment later, and takes the writer's copy rather than rendering.
      const before = countsOf(other);
      await vi.waitFor(async () => expect((await page(other, '/talk')).body).toContain(text), { timeout: 10_000, interval: 20 });
      expect(countsOf(other).renders).toBe(before.renders);
      expect(countsOf(other).sharedHits - before.sharedHits).toBe(1);
    }
  });

  it('drops them for an import announced from the command line', async () => {
    await served(a, '/home');
    expect((await served(b, '/home')).rendered).toBe(0);
    await announceChanges(REDIS_URL, ['articles'], prefix);
    await vi.waitFor(async () => expect((await served(b, '/home')).rendered).toBe(1), { timeout: 10_000, interval: 20 });
  });

  it('never gives a signed-in reader the shared copy, nor shares theirs', async () => {
    const member = admin;
    await served(a, '/message/list');
    const signedIn = await served(b, '/message/list', { cookie: member });
    expect(signedIn.fromRedis).toBe(0);
    expect(/<p id="reader">([^<]*)<\/p>/.exec(signedIn.body)?.[1]).not.toBe('访客');
    const visitor = await served(b, '/message/list');
    expect(visitor.fromRedis).toBe(1);
    expect(/<p id="reader">([^<]*)<\/p>/.exec(visitor.body)?.[1]).toBe('访客');
  });
});
