import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { KyselyStatsRepository } from '../../../server/adapters/db/statsRepository';
import { StatsRecorder } from '../../../server/domain/stats/statsRecorder';
import { StatsService } from '../../../server/domain/stats/statsService';
import { hmacHash } from '../../../server/adapters/crypto/hmacHash';
import type { StatsReportDto } from '../../../src/protocol/console/stats';
import * as zhCN from '../../../src/i18n/zh-CN';
import { backends } from '../support/databases';
import { writeFakeClient } from '../support/siteServer';
import { body, peopleData, startInstance, type PeopleData, type PeopleSite } from '../console/peopleSite';

/**
 * The site's own statistics on SQLite and PostgreSQL, through the real composition: what is counted (pages
 * as they are served, in-app navigations, searches), what is not (DNT, GPC, bots, the administrator), that
 * no address is stored, the CSV downloads, the gate; the roll-up's pruning with a moving clock; and two
 * instances on one database counting every visit once.
 */

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ADDRESS = '203.0.113.77';

const page = (url: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'GET',
  url,
  headers: { 'user-agent': CHROME, ...headers },
  remoteAddress: ADDRESS,
});

describe.each(await backends())('statistics on $name', (backend) => {
  let data: PeopleData;
  let site: PeopleSite;
  let clientDir: string;

  const report = async (instance = site) => {
    const response = await instance.admin({ method: 'GET', url: '/api/admin/stats?days=7' });
    expect(response.statusCode).toBe(200);
    return body<StatsReportDto>(response).result;
  };
  const today = async (instance = site) => (await report(instance)).days.at(-1)!;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await peopleData(backend.name);
    clientDir = writeFakeClient();
    data.config = { ...data.config, clientDir };
    site = await startInstance(data);
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await data?.dispose();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it.skipIf(backend.skipReason)('counts a served page as a landing and an in-app navigation as a view, one visitor', async () => {
    const before = await today();
    expect((await site.app.inject(page('/article?id=1&utm_source=feed', { referer: 'https://search.example/?q=1' }))).statusCode).toBe(200);
    const beacon = await site.call({
      method: 'POST',
      url: '/api/stats/view',
      payload: { path: '/talk' },
      headers: { 'user-agent': CHROME },
      remoteAddress: ADDRESS,
    });
    expect(body(beacon).code).toBe(0);
    const after = await report();
    expect(after.days.at(-1)).toMatchObject({ views: before.views + 2, visitors: before.visitors + 1 });
    expect(after.tables.landings.map((row) => row.item)).toContain('/article?id=1');
    expect(after.tables.landings.map((row) => row.item)).not.toContain('/talk');
    expect(after.tables.referrers).toContainEqual(expect.objectContaining({ item: 'search.example', views: 1 }));
    expect(after.tables.articles).toContainEqual(expect.objectContaining({ item: '/article?id=1', label: zhCN.consoleStats.deletedArticle }));
    expect(after.tables.devices).toContainEqual(expect.objectContaining({ item: 'desktop', label: '电脑' }));
    expect(after.tables.browsers).toContainEqual(expect.objectContaining({ item: 'Chrome' }));
  });

  it.skipIf(backend.skipReason)('counts site searches', async () => {
    await site.app.inject(page(`/api/article/getArticleListByContent/${encodeURIComponent('  听雨  ')}`));
    expect((await report()).tables.searches).toContainEqual(expect.objectContaining({ item: '听雨', label: '听雨' }));
  });

  it.skipIf(backend.skipReason)('leaves out DNT, GPC, bots, unknown pages and the administrator', async () => {
    const before = await today();
    await site.app.inject(page('/home', { dnt: '1' }));
    await site.app.inject(page('/home', { 'sec-gpc': '1' }));
    await site.app.inject(page('/home', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }));
    await site.app.inject(page('/home', { 'user-agent': 'curl/8.5.0' }));
    await site.app.inject(page('/no/such/page'));
    await site.app.inject(page('/home', { cookie: site.administrator.cookie }));
    await site.admin({ method: 'POST', url: '/api/stats/view', payload: { path: '/archives' } });
    expect(await today()).toMatchObject({ views: before.views, visitors: before.visitors });
    // The same visit without any of those is counted: the checks above could fail.
    await site.app.inject(page('/home', { 'user-agent': IPHONE }));
    expect((await today()).views).toBe(before.views + 1);
  });

  it.skipIf(backend.skipReason)('refuses a beacon without the marker or with a foreign path', async () => {
    const unmarked = await site.app.inject({ method: 'POST', url: '/api/stats/view', payload: { path: '/home' } });
    expect(unmarked.statusCode).toBe(403);
    const foreign = await site.call({ method: 'POST', url: '/api/stats/view', payload: { path: 'https://evil.example/' } });
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).message).toBe(zhCN.consoleStats.server.invalidPath);
  });

  it.skipIf(backend.skipReason)('stores no address anywhere', async () => {
    await report();
    const db = data.db.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const table of ['stat_event', 'stat_daily', 'stat_salt']) {
      const rows = await db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text).not.toContain(ADDRESS);
      expect(text).not.toContain('203.0.113');
      expect(text).not.toContain('Mozilla');
    }
    const visitors = await db.selectFrom('stat_event').select('visitor').execute();
    expect(visitors.length).toBeGreaterThan(0);
    for (const { visitor } of visitors) expect(visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it.skipIf(backend.skipReason)('downloads every table as UTF-8 CSV with a BOM and quoted cells', async () => {
    await site.app.inject(page(`/api/article/getArticleListByContent/${encodeURIComponent('雨,"夜"')}`));
    for (const table of ['daily', 'articles', 'landings', 'referrers', 'searches', 'devices', 'browsers', 'songs']) {
      const response = await site.admin({ method: 'GET', url: `/api/admin/stats/${table}.csv?days=30` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('attachment');
      const raw = response.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = response.body.slice(1).split('\r\n');
      expect(lines.at(-1)).toBe('');
      if (table === 'daily') expect(lines).toHaveLength(30 + 2);
    }
    const searches = await site.admin({ method: 'GET', url: '/api/admin/stats/searches.csv?days=7' });
    expect(searches.body).toContain('\uFEFF搜索词,次数,访客\r\n');
    expect(searches.body).toContain('"雨,""夜""",1,1\r\n');
  });

  it.skipIf(backend.skipReason)('refuses a bad range and an unknown table in Chinese, and anyone but the administrator', async () => {
    const range = await site.admin({ method: 'GET', url: '/api/admin/stats?days=8' });
    expect(range.statusCode).toBe(400);
    expect(body(range).message).toBe(zhCN.consoleStats.server.invalidRange);
    const table = await site.admin({ method: 'GET', url: '/api/admin/stats/secrets.csv?days=7' });
    expect(table.statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/api/admin/stats?days=7' })).statusCode).toBe(401);
    expect((await site.app.inject({ method: 'GET', url: '/api/admin/stats/daily.csv?days=7' })).statusCode).toBe(401);
    const user = await site.signUp();
    expect((await site.call({ method: 'GET', url: '/api/admin/stats?days=7', headers: { cookie: user.cookie } })).statusCode).toBe(403);
  });

  it.skipIf(backend.skipReason)('keeps raw events two days at most and their totals for good', async () => {
    const db = data.db.db;
    const store = new KyselyStatsRepository(db);
    let now = new Date(2020, 0, 1, 12);
    const clock = { now: () => now };
    const recorder = new StatsRecorder({ store, hash: hmacHash, clock, randomSalt: () => `salt-${now.getTime()}` });
    const service = new StatsService({ store, clock, recorder, songNames: async () => new Map() });
    const oldRaw = () =>
      sql<{ n: number | string }>`select count(*) as n from stat_event where day < '2021-01-01'`.execute(db).then((r) => Number(r.rows[0]!.n));
    for (let day = 0; day < 5; day++) {
      now = new Date(2020, 0, 1 + day, 12);
      for (let i = 0; i < 10; i++) recorder.record({ kind: 'view', item: '/home', address: `198.51.100.${i % 3}`, userAgent: CHROME });
      await service.settle();
      await service.settle();
    }
    // Today (Jan 5) and yesterday remain raw; every day keeps its totals.
    expect(await oldRaw()).toBe(20);
    const totals = await store.daily('all', '2020-01-01', '2020-01-05');
    expect(totals.map((row) => [row.day, row.views, row.visitors])).toEqual(
      ['01', '02', '03', '04', '05'].map((d) => [`2020-01-${d}`, 10, 3]),
    );
    const salts = await sql<{ day: string }>`select day from stat_salt where day < '2021-01-01'`.execute(db);
    expect(salts.rows.map((row) => row.day)).toEqual(['2020-01-05']);
    await sql`delete from stat_daily where day < '2021-01-01'`.execute(db);
    await sql`delete from stat_event where day < '2021-01-01'`.execute(db);
    await sql`delete from stat_salt where day < '2021-01-01'`.execute(db);
  });

  // Several instances share a PostgreSQL database (a SQLite file belongs to one process).
  it.skipIf(backend.skipReason || backend.name === 'SQLite')('counts each visit once with two instances on one database', async () => {
    const second = await startInstance(data, { administrator: site.administrator });
    try {
      const before = await today();
      for (let i = 0; i < 6; i++) {
        const instance = i % 2 === 0 ? site : second;
        await instance.app.inject({ ...page('/talk'), remoteAddress: `192.0.2.${i}` });
        // Both roll up, in turns and at once.
        await Promise.all([report(site), report(second)]);
      }
      expect(await today(second)).toMatchObject({ views: before.views + 6, visitors: before.visitors + 6 });
      expect(await today(site)).toMatchObject({ views: before.views + 6, visitors: before.visitors + 6 });
    } finally {
      await second.close();
    }
  });
});
