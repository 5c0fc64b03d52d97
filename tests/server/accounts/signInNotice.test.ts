import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { REAUTH_REQUIRED_CODE, SUCCESS_CODE } from '../../../src/protocol/codes';
import type { AuditPageDto } from '../../../src/protocol/console/audit';
import type { NotifyListDto } from '../../../src/protocol/notify';
import { SIGN_IN_POLICY } from '../../../server/domain/accounts/policy';
import { POSTGRES_URL, adminQuery, backends } from '../support/databases';
import { PASSWORD, sessionCookieOf, signUp, startAccountsServer, type AccountsServer } from './support';
import { startInbox, until } from '../support/inbox';

/**
 * Issue 51, a new sign-in is told and what cannot be undone asks the password again, through the real server on
 * SQLite and PostgreSQL: a browser the account never used (no device cookie) gets a notice with a one-time
 * 「不是我」 link, a known one none; the link ends that session, works once, and its grant sets a new password
 * that ends every session. Each guarded action is refused once the session's proof is older than ten minutes
 * (the accounts' clock moved) and goes ahead after POST /api/user/reauth.
 */
const text = zhCN.signIn;
const list = await backends();

/** The accounts' clock, moved forward by the tests. */
const clock = {
  offsetMs: 0,
  now: () => new Date(Date.now() + clock.offsetMs),
};

const deviceOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'blog_device')?.value;

describe.each(list)('new sign-ins and re-authentication on $name', (backend) => {
  let site: AccountsServer;
  let schema: string | undefined;

  beforeAll(async () => {
    if (backend.skipReason) return;
    let databaseUrl: string | undefined;
    if (backend.name === 'PostgreSQL') {
      schema = `t_${crypto.randomBytes(6).toString('hex')}`;
      await adminQuery(`create schema ${schema}`);
      databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
    }
    site = await startAccountsServer({ databaseUrl }, { clock });
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
  });

  async function login(username: string, password: string, device?: string) {
    const answer = await site.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username, password },
      ...(device ? { cookies: { blog_device: device } } : {}),
    });
    expect(answer.json<{ code: number }>().code, answer.body).toBe(SUCCESS_CODE);
    return { cookie: `blog_session=${sessionCookieOf(answer) ?? ''}`, device: deviceOf(answer) ?? device ?? '' };
  }

  async function notices(cookie: string) {
    const answer = await site.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { cookie }, payload: { current: 1, size: 50 } });
    return answer.json<{ result: NotifyListDto }>().result.list;
  }

  const signedInAs = async (cookie: string) =>
    (await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie } })).json<{ result: { id: number } | null }>().result;

  describe.skipIf(backend.skipReason !== undefined)('calls', () => {
    it('tells a sign-in from a browser the account never used, with a 「不是我」 link; a known browser is not told', async () => {
      const user = await signUp(site);
      // signUp's browser kept no device cookie: its sign-in was the account's first browser, nothing to tell.
      expect(await notices(user.cookie)).toHaveLength(0);
      const first = await login(user.username, PASSWORD);
      expect(first.device).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      const told = await notices(user.cookie);
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toMatch(/<a href="\/userCenter\?notMe=[A-Za-z0-9_%-]+">不是我<\/a>/);
      // The same browser again: known.
      await login(user.username, PASSWORD, first.device);
      expect(await notices(user.cookie)).toHaveLength(1);
    });

    it('ends that session with the link, once, and its grant sets a new password that ends every session', async () => {
      const user = await signUp(site);
      const intruder = await login(user.username, PASSWORD);
      const [notice] = await notices(user.cookie);
      const token = decodeURIComponent(/notMe=([^"]+)"/.exec(notice!.message)![1]!);
      expect(await signedInAs(intruder.cookie)).not.toBeNull();

      const used = await site.call({ method: 'POST', url: '/api/user/notMe', payload: { token } });
      const { reset_token } = used.json<{ code: number; result: { reset_token: string } }>().result;
      expect(await signedInAs(intruder.cookie)).toBeNull();
      // The owner's own session was not the one named.
      expect(await signedInAs(user.cookie)).toMatchObject({ id: user.id });

      const again = await site.call({ method: 'POST', url: '/api/user/notMe', payload: { token } });
      expect(again.json()).toMatchObject({ code: 1, message: text.server.linkExpired });

      const weak = await site.call({ method: 'POST', url: '/api/user/notMe/password', payload: { reset_token, password: '123' } });
      expect(weak.statusCode).toBe(400);
      const set = await site.call({ method: 'POST', url: '/api/user/notMe/password', payload: { reset_token, password: 'new-pass-42' } });
      expect(set.json().code).toBe(SUCCESS_CODE);
      expect(await signedInAs(user.cookie)).toBeNull();
      const reused = await site.call({ method: 'POST', url: '/api/user/notMe/password', payload: { reset_token, password: 'other-pass-42' } });
      expect(reused.json()).toMatchObject({ code: 1, message: text.server.grantExpired });
      await login(user.username, 'new-pass-42');
    });

    it('refuses an expired link', async () => {
      const user = await signUp(site);
      await login(user.username, PASSWORD);
      const [notice] = await notices(user.cookie);
      const token = decodeURIComponent(/notMe=([^"]+)"/.exec(notice!.message)![1]!);
      clock.offsetMs += SIGN_IN_POLICY.notMeLinkMs + 1000;
      const late = await site.call({ method: 'POST', url: '/api/user/notMe', payload: { token } });
      expect(late.json()).toMatchObject({ code: 1, message: text.server.linkExpired });
    });

    it('refuses what cannot be undone once the proof is ten minutes old, and lets it through after the password again', async () => {
      const admin = await login('admin', site.adminPassword);
      const member = await signUp(site);
      const guarded = [
        { method: 'DELETE', url: '/api/admin/articles/bin' },
        { method: 'PUT', url: `/api/admin/users/${member.id}/role`, payload: { role: 2 } },
        { method: 'GET', url: '/api/admin/transfer/export' },
        { method: 'GET', url: '/api/admin/transfer/backup?music=false' },
        { method: 'PUT', url: '/api/user/updateOwnUserInfo', payload: { email: 'owner@example.com' } },
        { method: 'GET', url: '/api/user/reauth/check' },
      ] as const;
      const attempt = (call: (typeof guarded)[number]) => site.call({ ...call, headers: { cookie: admin.cookie } });

      // Just signed in: the sign-in is the proof.
      expect((await attempt(guarded[5])).statusCode).toBe(200);

      clock.offsetMs += SIGN_IN_POLICY.reauthAfterMs + 1000;
      for (const call of guarded) {
        const refused = await attempt(call);
        expect(refused.statusCode, call.url).toBe(403);
        expect(refused.json(), call.url).toMatchObject({ code: REAUTH_REQUIRED_CODE, message: text.server.reauthRequired });
      }
      // Changing only the email's switch, or nothing that cannot be undone, still goes ahead.
      const nickName = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: admin.cookie }, payload: { nick_name: '站长' } });
      expect(nickName.json().code).toBe(SUCCESS_CODE);

      const wrong = await site.call({ method: 'POST', url: '/api/user/reauth', headers: { cookie: admin.cookie }, payload: { password: 'not-it-1' } });
      expect(wrong.json()).toMatchObject({ code: 1, message: text.server.wrongPassword });
      expect((await attempt(guarded[0])).statusCode).toBe(403);

      const right = await site.call({ method: 'POST', url: '/api/user/reauth', headers: { cookie: admin.cookie }, payload: { password: site.adminPassword } });
      expect(right.json().code).toBe(SUCCESS_CODE);
      for (const call of guarded) {
        const allowed = await attempt(call);
        expect(allowed.statusCode, `${call.url}: ${allowed.body.slice(0, 200)}`).toBe(200);
      }

      // Another ten minutes: asked again.
      clock.offsetMs += SIGN_IN_POLICY.reauthAfterMs + 1000;
      expect((await attempt(guarded[0])).json()).toMatchObject({ code: REAUTH_REQUIRED_CODE });

      // Reading the log undoes nothing: not guarded. It has every event of this file.
      const log = await site.call({ method: 'GET', url: '/api/admin/audit?size=100&area=security', headers: { cookie: admin.cookie } });
      const actions = log.json<{ result: AuditPageDto }>().result.list.map((entry) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['newDeviceSignIn', 'notMe', 'notMePassword', 'reauthenticated', 'reauthFailed']));
    });
  });
});

describe('a new sign-in’s email through a real SMTP server', () => {
  it('reaches an owner who allows emails, with the 「不是我」 link on the site’s address; not one who does not', async () => {
    const inbox = await startInbox();
    const site = await startAccountsServer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, siteUrl: 'http://blog.example' });
    try {
      const allows = await signUp(site);
      const quiet = await signUp(site);
      for (const [user, notify] of [[allows, true], [quiet, false]] as const) {
        const set = await site.call({
          method: 'PUT',
          url: '/api/user/updateOwnUserInfo',
          headers: { cookie: user.cookie },
          payload: { email: `${user.username}@example.com`, email_notify: notify },
        });
        expect(set.json().code, set.body).toBe(SUCCESS_CODE);
        // A browser the account never used.
        await site.call({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: PASSWORD } });
      }
      await until(() => inbox.mails.length > 0);
      // Both sign-ins' emails were handed over before close() returns: only the one who allows them got one.
      await site.close();
      expect(inbox.mails.map((mail) => mail.to)).toEqual([[`${allows.username}@example.com`]]);
      const [mail] = inbox.mails;
      expect(mail!.subject).toContain('新的浏览器上登录');
      expect(mail!.text).toMatch(/http:\/\/blog\.example\/userCenter\?notMe=[A-Za-z0-9_-]+/);
      expect(mail!.html).toContain('href="http://blog.example/userCenter?notMe=');
    } finally {
      await site.close().catch(() => undefined);
      await inbox.close();
    }
  }, 60_000);
});
