import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';

/**
 * The console's gate: every path under /api/admin, existing or not, refuses a visitor (401) and a user (403)
 * before anything else, and the /admin page is the ordinary 404 page for anyone but an administrator.
 */
let site: AccountsServer;
let userCookie: string;
let adminCookie: string;

beforeAll(async () => {
  site = await startAccountsServer();
  userCookie = (await signUp(site)).cookie;
  const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
  adminCookie = `blog_session=${login.cookies.find((cookie) => cookie.name === 'blog_session')?.value ?? ''}`;
}, 60_000);
afterAll(() => site.close());

const PATHS = ['/api/admin', '/api/admin/', '/api/admin/no-such-call', '/api/%61dmin/x'];

describe('the console API gate', () => {
  it.each(PATHS.flatMap((url) => (['GET', 'POST', 'DELETE'] as const).map((method) => [method, url] as const)))(
    '%s %s answers a visitor 401 and a user 403 with the Chinese messages',
    async (method, url) => {
      const visitor = await site.call({ method, url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 401, message: zhCN.account.server.loginRequired });
      const user = await site.call({ method, url, headers: { cookie: userCookie } });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ code: 403, message: zhCN.account.server.adminRequired });
    },
  );

  it('answers an administrator 404 for a call that does not exist', async () => {
    const response = await site.call({ method: 'GET', url: '/api/admin/no-such-call', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: zhCN.server.notFound });
  });
});

describe('the /admin page', () => {
  it.each(['/admin', '/admin/articles/new'])('%s is the ordinary 404 page for a visitor and a user', async (url) => {
    const notFound = await site.call({ method: 'GET', url: '/no-such-page' });
    for (const headers of [{}, { cookie: userCookie }]) {
      const response = await site.call({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toBe(notFound.body);
    }
  });

  it.each(['/admin', '/admin/articles/new'])('%s is the app for an administrator', async (url) => {
    const response = await site.call({ method: 'GET', url, headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });
});
