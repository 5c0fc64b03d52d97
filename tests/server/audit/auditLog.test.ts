import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { SUCCESS_CODE } from '../../../src/protocol/codes';
import type { AuditEntryDto, AuditPageDto } from '../../../src/protocol/console/audit';
import type { ConsoleArticleDto } from '../../../src/protocol/console/articles';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';
import { POSTGRES_URL, adminQuery, backends } from '../support/databases';

/**
 * The administrator's log (issue 51) through the real server, on SQLite and PostgreSQL: what is recorded
 * (console writes, downloads, sign-ins, failed sign-ins, password changes), the autosaves of one sitting as one
 * entry, the filters, the CSV, and that nobody but an administrator reads it and nobody edits it.
 */
const words = zhCN.consoleAudit;
const list = await backends();

describe.each(list)('the administrator’s log on $name', (backend) => {
  let site: AccountsServer;
  let admin: string;
  let user: { cookie: string; username: string };
  let schema: string | undefined;

  beforeAll(async () => {
    if (backend.skipReason) return;
    let databaseUrl: string | undefined;
    if (backend.name === 'PostgreSQL') {
      schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create schema ${schema}`);
      databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
    }
    site = await startAccountsServer({ databaseUrl });
    const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
    admin = `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
    user = await signUp(site);
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  async function entries(query = '', cookie = admin): Promise<AuditEntryDto[]> {
    const answer = await site.call({ method: 'GET', url: `/api/admin/audit?size=100${query}`, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ result: AuditPageDto }>().result.list;
  }

  describe.skipIf(backend.skipReason !== undefined)('calls', () => {
    it('records sign-ins, a failed sign-in with the name it tried, and the password change, from their address', async () => {
      const refused = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: 'wrong-password' } });
      expect(refused.json<{ code: number }>().code).not.toBe(SUCCESS_CODE);
      const security = await entries('&area=security');
      const actions = security.map((entry) => `${entry.action} ${entry.actorName}`);
      expect(actions).toContain('signInFailed admin');
      expect(actions).toContain('signIn admin');
      // The test's set-up changed the one-time password.
      expect(actions).toContain('passwordChanged admin');
      const failed = security.find((entry) => entry.action === 'signInFailed')!;
      expect(failed).toMatchObject({ actorId: null, area: 'security', address: '127.0.0.1' });
      expect(failed.summary).toBe(`${words.verbs.signInFailed}「admin」`);
      expect(JSON.stringify(security)).not.toContain('wrong-password');
    });

    it('records a console write with its object, and one editing sitting’s autosaves as one entry', async () => {
      const created = await site.call({
        method: 'POST',
        url: '/api/admin/articles',
        headers: { cookie: admin },
        payload: { title: '审计的文章', content: '秘密正文', summary: '', cover: '', category: null, tags: [], pinned: true },
      });
      const article = created.json<{ result: ConsoleArticleDto }>().result;
      let version = article.version;
      for (const text of ['第一稿', '第二稿', '第三稿']) {
        const saved = await site.call({
          method: 'PUT',
          url: `/api/admin/articles/${article.id}`,
          headers: { cookie: admin },
          payload: { title: '审计的文章', content: text, summary: '', cover: '', category: null, tags: [], pinned: true, version },
        });
        version = saved.json<{ result: ConsoleArticleDto }>().result.version;
      }
      const about = await entries(`&area=articles&object=${article.id}`);
      expect(about.map((entry) => [entry.action, entry.times])).toEqual([
        ['update', 3],
        ['create', 1],
      ]);
      expect(about[1]!.summary).toBe(`${words.verbs.create} ${words.areas.articles} #${article.id}「审计的文章」：${words.parts.pinned}=${words.yes}`);
      expect(about[0]).toMatchObject({ actorName: 'admin', objectId: String(article.id) });
      expect(JSON.stringify(about)).not.toContain('秘密正文');
      await site.call({ method: 'POST', url: `/api/admin/articles/${article.id}/publish`, headers: { cookie: admin }, payload: { publishAt: null } });
      expect((await entries(`&object=${article.id}`))[0]).toMatchObject({ action: 'publish', summary: `${words.verbs.publish} ${words.areas.articles} #${article.id}` });
    });

    it('records the download of a backup, and not a refused call', async () => {
      const backup = await site.call({ method: 'GET', url: '/api/admin/transfer/backup', headers: { cookie: admin } });
      expect(backup.statusCode).toBe(200);
      expect((await entries('&area=transfer')).map((entry) => entry.action)).toContain('backupDownloaded');
      const before = (await entries()).length;
      const refused = await site.call({ method: 'POST', url: '/api/admin/articles', headers: { cookie: admin }, payload: { title: '' } });
      expect(refused.statusCode).toBe(400);
      expect(await entries()).toHaveLength(before);
    });

    it('filters by person, time and object text, and the CSV escapes cells a spreadsheet would run', async () => {
      await site.call({
        method: 'POST',
        url: '/api/admin/taxonomy/tags',
        headers: { cookie: admin },
        payload: { name: '=HYPERLINK("x")' },
      });
      const now = Date.now();
      const inTheHour = `&from=${new Date(now - 3_600_000).toISOString()}&to=${new Date(now + 60_000).toISOString()}`;
      expect((await entries(`&actor=adm${inTheHour}`)).length).toBeGreaterThan(3);
      expect(await entries(`&from=${new Date(now + 3_600_000).toISOString()}`)).toEqual([]);
      expect((await entries('&object=HYPERLINK')).map((entry) => entry.area)).toEqual(['taxonomy']);
      const csv = await site.call({ method: 'GET', url: '/api/admin/audit.csv?object=HYPERLINK', headers: { cookie: admin } });
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe(Object.values(words.csv).join(','));
      expect(lines).toHaveLength(2);
      // The summary starts with the verb, so it is the object's name that would run: quoted, never a formula.
      expect(lines[1]).toContain(`「=HYPERLINK(""x"")」`);
      const bad = await site.call({ method: 'GET', url: '/api/admin/audit?from=yesterday', headers: { cookie: admin } });
      expect([bad.statusCode, bad.json<{ message: string }>().message]).toEqual([400, words.server.invalidTime]);
    });

    it('is read by administrators only, and no call edits or deletes an entry', async () => {
      const asUser = await site.call({ method: 'GET', url: '/api/admin/audit', headers: { cookie: user.cookie } });
      expect(asUser.statusCode).toBe(403);
      const [newest] = await entries();
      for (const method of ['DELETE', 'PUT'] as const) {
        const answer = await site.call({ method, url: `/api/admin/audit/${newest!.id}`, headers: { cookie: admin }, payload: {} });
        expect(answer.statusCode).toBe(404);
      }
      expect((await entries())[0]).toEqual(newest);
    });
  });
});
