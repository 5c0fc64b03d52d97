import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryFolder } from '../support/siteServer';
import * as zhCN from '../../../src/i18n/zh-CN';
import { openDatabase } from '../../../server/adapters/db/connect';
import { createAccountServices } from '../../../server/accountServices';
import { PASSWORD, sessionCookieOf, signUp, startAccountsServer, testHasher, uniqueName, type AccountsServer } from './support';

const v = zhCN.validation;
const a = zhCN.account.server;

let site: AccountsServer;
beforeAll(async () => {
  site = await startAccountsServer();
});
afterAll(() => site.close());

describe('POST /api/user/register', () => {
  it('creates a member (role 2) and answers its public info with the login name', async () => {
    const username = uniqueName('reg');
    const response = await site.call({
      method: 'POST',
      url: '/api/user/register',
      payload: { username, password: PASSWORD, nick_name: '小雨' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, result: { nick_name: '小雨', avatar: '', role: 2, username } });
    // Registering does not sign in: the client logs in right after ("自动登录成功").
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it.each([
    [{ username: '', password: PASSWORD }, v.usernameRequired],
    [{ username: 'abcd', password: PASSWORD }, v.usernameLength],
    [{ username: 'a'.repeat(17), password: PASSWORD }, v.usernameLength],
    [{ username: 'ab cde', password: PASSWORD }, v.usernameCharacters],
    [{ username: 'valid_name', password: '' }, v.passwordRequired],
    [{ username: 'valid_name', password: '12345' }, v.passwordFormat],
    [{ username: 'valid_name', password: '123456789' }, v.passwordFormat],
    [{ username: 'valid_name', password: 'abcdefgh' }, v.passwordFormat],
    [{ username: 'valid_name', password: '密码abc123' }, v.passwordFormat],
    [{ username: 'valid_name', password: 'abc1234567890123456' }, v.passwordFormat],
  ])('refuses %j with 400 "%s" (spec section 5, same text as the dialog)', async (payload, message) => {
    const response = await site.call({ method: 'POST', url: '/api/user/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message });
  });

  it('refuses a taken name in any letter case with a clear business refusal', async () => {
    const username = uniqueName('Case');
    await site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD } });
    const again = await site.call({
      method: 'POST',
      url: '/api/user/register',
      payload: { username: username.toUpperCase(), password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code: 1, result: null, message: a.usernameTaken });
  });

  it('uses the login name as nickname when none is given', async () => {
    const username = uniqueName('nonick');
    const response = await site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD } });
    expect(response.json().result.nick_name).toBe(username);
  });
});

describe('POST /api/user/login', () => {
  it('answers the browser {id} and an HttpOnly, SameSite=Lax session cookie: no credential in the body', async () => {
    const username = uniqueName('login');
    await site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD } });
    const response = await site.call({ method: 'POST', url: '/api/user/login', payload: { username, password: PASSWORD } });
    const body = response.json();
    expect(body.code).toBe(0);
    expect(Object.keys(body.result)).toEqual(['id']);
    const cookie = response.cookies.find((c) => c.name === 'blog_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(response.body).not.toContain(cookie?.value);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Without "记住我" the cookie ends with the browser.
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an API client that asks for a bearer token {token, id} and sets no cookie', async () => {
    const user = await signUp(site);
    const response = await site.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: user.username, password: user.password, bearer: true },
    });
    const body = response.json();
    expect(Object.keys(body.result).sort()).toEqual(['id', 'token']);
    expect(body.result).toMatchObject({ id: user.id, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(sessionCookieOf(response)).toBeUndefined();
    const current = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${body.result.token}` } });
    expect(current.json().result.id).toBe(user.id);
  });

  it('keeps a "记住我" session for 30 days', async () => {
    const user = await signUp(site, { remember: true });
    const response = await site.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: user.username, password: user.password, remember: true },
    });
    expect(response.cookies.find((c) => c.name === 'blog_session')?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const secureSite = await startAccountsServer({ trustProxy: ['127.0.0.1'] });
    try {
      const registered = await signUp(secureSite);
      const response = await secureSite.call({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: registered.username, password: registered.password },
      });
      expect(response.cookies.find((c) => c.name === 'blog_session')?.secure).toBe(true);
    } finally {
      await secureSite.close();
    }
  });

  it('logs in whatever the letter case of the name', async () => {
    const user = await signUp(site, { username: uniqueName('MiXed') });
    const response = await site.call({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: user.username.toLowerCase(), password: user.password },
    });
    expect(response.json()).toMatchObject({ code: 0, result: { id: user.id } });
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const user = await signUp(site);
    const wrong = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: 'nope12345' } });
    const unknown = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: uniqueName('ghost'), password: 'nope12345' } });
    expect(wrong.json()).toEqual({ code: 1, result: null, message: a.wrongCredentials });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it.each([
    [{ username: '', password: 'x' }, v.usernameRequired],
    [{ username: 'someone', password: '' }, v.loginPasswordRequired],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    const response = await site.call({ method: 'POST', url: '/api/user/login', payload });
    expect(response.json()).toEqual({ code: 400, result: null, message });
  });
});

describe('sessions', () => {
  it('resolves the cookie and a bearer token to the same user', async () => {
    const user = await signUp(site);
    const byCookie = await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
    const byBearer = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${user.token}` } });
    expect(byCookie.json().result).toMatchObject({ id: user.id, username: user.username });
    expect(byBearer.json().result).toEqual(byCookie.json().result);
  });

  it('answers null (not 401) for /api/user/current without a session', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/user/current' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, result: null, message: 'success' });
  });

  it('logout revokes the session on the server and clears the cookie', async () => {
    const user = await signUp(site);
    const logout = await site.call({ method: 'POST', url: '/api/user/logout', headers: { cookie: user.cookie } });
    expect(logout.json().code).toBe(0);
    const cleared = logout.cookies.find((c) => c.name === 'blog_session');
    expect(cleared?.value).toBe('');
    // The old token no longer works, by cookie or bearer: it was revoked, not just forgotten.
    const after = await site.call({ method: 'GET', url: `/api/user/getUserInfoById/${user.id}`, headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(401);
    const bearer = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${user.token}` } });
    expect(bearer.json().result).toBeNull();
  });

  it('a new login ends the session the request arrived with', async () => {
    const first = await signUp(site);
    const second = await signUp(site);
    const relogin = await site.call({
      method: 'POST',
      url: '/api/user/login',
      headers: { cookie: first.cookie },
      payload: { username: second.username, password: second.password },
    });
    expect(relogin.json().code).toBe(0);
    const old = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: first.cookie } });
    expect(old.json().result).toBeNull();
  });

  describe('a session cookie naming no live session', () => {
    const setCookies = (response: { headers: Record<string, unknown> }) =>
      ([] as unknown[]).concat(response.headers['set-cookie'] ?? []).map(String);
    const expiresCookie = (response: { headers: Record<string, unknown> }) => {
      const headers = setCookies(response).filter((h) => h.startsWith('blog_session='));
      expect(headers).toHaveLength(1);
      expect(headers[0]).toMatch(/^blog_session=;/);
      expect(headers[0]).toMatch(/Max-Age=0/);
      expect(headers[0]).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
      expect(headers[0]).toMatch(/Path=\//);
      expect(headers[0]).toMatch(/HttpOnly/);
    };

    it('is expired by the server whatever the call: unknown, revoked, and on a 401', async () => {
      const unknown = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: 'blog_session=not-a-session' } });
      expect(unknown.json().result).toBeNull();
      expiresCookie(unknown);

      const user = await signUp(site);
      await site.call({ method: 'POST', url: '/api/user/logout', headers: { cookie: user.cookie } });
      const revoked = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
      expiresCookie(revoked);
      const refused = await site.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { cookie: user.cookie }, payload: { current: 1, size: 10 } });
      expect(refused.statusCode).toBe(401);
      expiresCookie(refused);
    });

    it('is left alone when it is live, when there is none, and when a bearer token was presented instead', async () => {
      const user = await signUp(site);
      const live = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
      expect(live.json().result).toMatchObject({ id: user.id });
      expect(setCookies(live)).toEqual([]);
      const none = await site.app.inject({ method: 'GET', url: '/api/user/current' });
      expect(setCookies(none)).toEqual([]);
      const bearer = await site.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: { authorization: 'Bearer not-a-session', cookie: 'blog_session=not-a-session' },
      });
      expect(bearer.json().result).toBeNull();
      expect(setCookies(bearer)).toEqual([]);
    });

    it('is replaced, not cleared, by a login on the same request', async () => {
      const user = await signUp(site);
      const login = await site.call({
        method: 'POST',
        url: '/api/user/login',
        headers: { cookie: 'blog_session=stale-token' },
        payload: { username: user.username, password: user.password },
      });
      const headers = setCookies(login).filter((h) => h.startsWith('blog_session='));
      expect(headers).toHaveLength(1);
      expect(sessionCookieOf(login)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(login.json().result).toEqual({ id: user.id });
    });
  });

  it('answers 401 "请先登录" to protected calls without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/user/getUserInfoById/1', undefined],
      ['PUT', '/api/user/updateOwnUserInfo', { nick_name: 'x' }],
      ['PUT', '/api/user/updatePassword', { old_password: 'a', new_password: 'b' }],
      ['POST', '/api/notify/getNotifyList', { current: 1, size: 10 }],
    ] as const) {
      const response = await site.call({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ code: 401, result: null, message: a.loginRequired });
    }
  });
});

describe('user info', () => {
  it('tells a user their own login name but not another user’s', async () => {
    const me = await signUp(site);
    const other = await signUp(site, { nickName: '别人' });
    const own = await site.call({ method: 'GET', url: `/api/user/getUserInfoById/${me.id}`, headers: { cookie: me.cookie } });
    const theirs = await site.call({ method: 'GET', url: `/api/user/getUserInfoById/${other.id}`, headers: { cookie: me.cookie } });
    // Only the owner is told the login name and the reply-email settings.
    expect(own.json().result).toEqual({ id: me.id, nick_name: me.username, avatar: '', role: 2, username: me.username, email: '', email_notify: false });
    expect(theirs.json().result).toEqual({ id: other.id, nick_name: '别人', avatar: '', role: 2 });
  });

  it('answers 404 for an unknown id', async () => {
    const me = await signUp(site);
    const response = await site.call({ method: 'GET', url: '/api/user/getUserInfoById/999999', headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(a.userNotFound);
  });

  it('updates the nickname and avatar, trimming the nickname', async () => {
    const me = await signUp(site);
    const response = await site.call({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      headers: { cookie: me.cookie },
      payload: { nick_name: '  听雨  ', avatar: '/media/abc123.webp' },
    });
    expect(response.json()).toMatchObject({ code: 0, result: { nick_name: '听雨', avatar: '/media/abc123.webp' } });
  });

  it.each(['https://evil.example/x.png', 'javascript:alert(1)', '/media/../secret', '//evil.example/a.png'])(
    'refuses the avatar %s: only our own uploads',
    async (avatar) => {
      const me = await signUp(site);
      const response = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: me.cookie }, payload: { avatar } });
      expect(response.json()).toEqual({ code: 400, result: null, message: a.invalidAvatar });
    },
  );

  it.each(['', '   '])('refuses the nickname %j with 请输入用户昵称 and keeps the old one', async (nickName) => {
    const me = await signUp(site, { nickName: '旧昵称' });
    const response = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: me.cookie }, payload: { nick_name: nickName } });
    expect(response.json()).toEqual({ code: 400, result: null, message: v.nicknameRequired });
    const current = await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie: me.cookie } });
    expect(current.json().result).toMatchObject({ nick_name: '旧昵称' });
  });

  it('refuses a nickname over 20 characters', async () => {
    const me = await signUp(site);
    const response = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: me.cookie }, payload: { nick_name: '长'.repeat(21) } });
    expect(response.json()).toEqual({ code: 400, result: null, message: v.nicknameTooLong });
  });
});

describe('PUT /api/user/updatePassword', () => {
  it('changes the password, keeps this session and revokes every other one', async () => {
    const me = await signUp(site);
    const elsewhere = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: me.username, password: me.password, remember: true } });
    const otherCookie = `blog_session=${sessionCookieOf(elsewhere)}`;

    const response = await site.call({
      method: 'PUT',
      url: '/api/user/updatePassword',
      headers: { cookie: me.cookie },
      payload: { old_password: me.password, new_password: 'newpass789' },
    });
    expect(response.json()).toEqual({ code: 0, result: null, message: 'success' });
    expect(response.cookies.find((c) => c.name === 'blog_session')).toBeUndefined();

    const kept = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: me.cookie } });
    expect(kept.json().result).toMatchObject({ id: me.id });
    const ended = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: otherCookie } });
    expect(ended.json().result).toBeNull();
    const oldLogin = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: me.username, password: me.password } });
    expect(oldLogin.json().code).toBe(1);
    const newLogin = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: me.username, password: 'newpass789' } });
    expect(newLogin.json().code).toBe(0);
  });

  it('refuses a wrong old password and keeps the session', async () => {
    const me = await signUp(site);
    const response = await site.call({
      method: 'PUT',
      url: '/api/user/updatePassword',
      headers: { cookie: me.cookie },
      payload: { old_password: 'wrong1234', new_password: 'newpass789' },
    });
    expect(response.json()).toEqual({ code: 1, result: null, message: a.wrongOldPassword });
    const check = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: me.cookie } });
    expect(check.json().result.id).toBe(me.id);
  });

  it.each([
    [{ old_password: '', new_password: 'newpass789' }, v.oldPasswordRequired],
    [{ old_password: PASSWORD, new_password: '123' }, v.passwordFormat],
    [{ old_password: PASSWORD, new_password: PASSWORD }, v.samePassword],
  ])('refuses %j with "%s"', async (payload, message) => {
    const me = await signUp(site);
    const response = await site.call({ method: 'PUT', url: '/api/user/updatePassword', headers: { cookie: me.cookie }, payload });
    expect(response.json()).toEqual({ code: 400, result: null, message });
  });
});

describe('first start', () => {
  it('created the administrator "admin" (role 1) with the announced one-time password', async () => {
    const fresh = await startAccountsServer({}, { keepOneTimePassword: true });
    try {
      expect(fresh.oneTimePassword).toMatch(/^\S{6,18}$/);
      const response = await fresh.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: fresh.oneTimePassword } });
      const { id } = response.json().result;
      const info = await fresh.call({ method: 'GET', url: `/api/user/getUserInfoById/${id}`, headers: { cookie: `blog_session=${sessionCookieOf(response)}` } });
      expect(info.json().result).toMatchObject({ username: 'admin', role: 1 });
    } finally {
      await fresh.close();
    }
  });

  it('announces nothing on later starts, when users exist', async () => {
    const dataDir = temporaryFolder('blog-accounts-restart-');
    try {
      const first = await startAccountsServer({ dataDir });
      await first.close();
      const second = await startAccountsServer({ dataDir });
      await second.close();
      expect(first.oneTimePassword).not.toBe('');
      expect(second.oneTimePassword).toBe('');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a generated password must be changed before anything else', () => {
  async function loginAs(server: AccountsServer, username: string, password: string) {
    const response = await server.call({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    expect(response.json()).toMatchObject({ code: 0 });
    return `blog_session=${sessionCookieOf(response)}`;
  }

  it('the administrator’s one-time password: told to the owner, every other change refused, its own password frees the account', async () => {
    const fresh = await startAccountsServer({}, { keepOneTimePassword: true });
    try {
      const cookie = await loginAs(fresh, 'admin', fresh.oneTimePassword);
      const current = await fresh.call({ method: 'GET', url: '/api/user/current', headers: { cookie } });
      expect(current.json().result).toMatchObject({ username: 'admin', role: 1, must_change_password: true });

      const refused = [
        { method: 'PUT', url: '/api/user/updateOwnUserInfo', payload: { nick_name: '站长' } },
        { method: 'POST', url: '/api/message/add', payload: { content: '你好', color: '', bgImage: '' } },
        { method: 'POST', url: '/api/chat/delete', payload: {} },
      ] as const;
      for (const call of refused) {
        const response = await fresh.call({ ...call, headers: { cookie } });
        expect(response.json(), `${call.method} ${call.url}`).toEqual({ code: 403, result: null, message: a.passwordChangeRequired });
      }
      // Reading goes on, its notices included (a POST), and so does what any visitor may do.
      const notices = await fresh.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { cookie }, payload: { current: 1, size: 10 } });
      expect(notices.json()).toMatchObject({ code: 0 });
      expect((await fresh.call({ method: 'PUT', url: '/api/config/addView', headers: { cookie }, payload: {} })).json()).toMatchObject({ code: 0 });

      const change = await fresh.call({
        method: 'PUT',
        url: '/api/user/updatePassword',
        headers: { cookie },
        payload: { old_password: fresh.oneTimePassword, new_password: 'mine#2026' },
      });
      expect(change.json()).toMatchObject({ code: 0 });
      const again = await loginAs(fresh, 'admin', 'mine#2026');
      const after = await fresh.call({ method: 'GET', url: '/api/user/current', headers: { cookie: again } });
      expect(after.json().result).not.toHaveProperty('must_change_password');
      const renamed = await fresh.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie: again }, payload: { nick_name: '站长' } });
      expect(renamed.json()).toMatchObject({ code: 0, result: { nick_name: '站长' } });
    } finally {
      await fresh.close();
    }
  });

  it('`npm run user` create and reset-password give generated passwords that must be changed too; others never see the mark', async () => {
    const me = await signUp(site);
    const database = openDatabase({ dataDir: site.dataDir });
    try {
      const { accounts } = createAccountServices(database.db, { secret: () => 'test-secret', hasher: testHasher });
      const created = await accounts.createUser(uniqueName('cli'), '命令行');
      const reset = await accounts.resetPassword(me.username);
      for (const [username, password] of [[created.user.username, created.password], [me.username, reset]] as const) {
        const cookie = await loginAs(site, username, password);
        const current = await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie } });
        expect(current.json().result).toMatchObject({ username, must_change_password: true });
      }
      const onlooker = await signUp(site);
      const seen = await site.call({ method: 'GET', url: `/api/user/getUserInfoById/${created.user.id}`, headers: { cookie: onlooker.cookie } });
      expect(seen.json().result).toEqual({ id: created.user.id, nick_name: '命令行', avatar: '', role: 2 });
    } finally {
      await database.close();
    }
  });
});
