import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';

const text = zhCN.server;
const a = zhCN.account.server;

let site: AccountsServer;
let cookie: string;
beforeAll(async () => {
  site = await startAccountsServer();
  ({ cookie } = await signUp(site));
});
afterAll(() => site.close());

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('deeply nested JSON', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it('answers 400 with a clear message (not a 500 from a stack overflow) on every kind of route', async () => {
    for (const [method, url] of [
      ['PUT', '/api/config/addView'],
      ['POST', '/api/user/login'],
      ['POST', '/api/notify/getNotifyList'],
      ['POST', '/api/message/add'],
    ] as const) {
      for (const payload of [deep(5000), deepObject(5000), JSON.stringify({ x: JSON.parse(deep(40)) })]) {
        const response = await site.call({ method, url, headers: { ...JSON_HEADERS, cookie }, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ code: 400, result: null, message: text.nestedTooDeep });
      }
    }
  });

  it('still accepts ordinary nesting', async () => {
    const response = await site.call({
      method: 'POST',
      url: '/api/notify/getNotifyList',
      headers: { ...JSON_HEADERS, cookie },
      payload: JSON.stringify({ current: 1, size: 10, extra: [[[{ a: [1] }]]] }),
    });
    expect(response.json().code).toBe(0);
  });
});

describe('ill-formed UTF-16 (lone surrogates)', () => {
  it('is refused in a body, a query and a path parameter with a clear message', async () => {
    const body = await site.call({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      headers: { ...JSON_HEADERS, cookie },
      payload: '{"nick_name":"x\\ud800y"}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 400, result: null, message: text.illFormedText });
    const key = await site.call({ method: 'PUT', url: '/api/config/addView', headers: JSON_HEADERS, payload: '{"\\udc00":1}' });
    expect(key.json().message).toBe(text.illFormedText);
    const query = await site.app.inject({ method: 'GET', url: '/api/config?x=%ED%A0%80' });
    expect(query.statusCode).not.toBe(500);
    const param = await site.app.inject({ method: 'GET', url: `/api/article/getArticleListByContent/${encodeURIComponent('a')}%ED%A0%80` });
    expect(param.statusCode).toBeLessThan(500);
    // The nickname was not changed to replacement characters.
    const current = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie } });
    expect(current.json().result.nick_name).not.toContain('\ufffd');
  });

  it('accepts well-formed text outside the BMP (emoji, rare Han)', async () => {
    const response = await site.call({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      headers: { ...JSON_HEADERS, cookie },
      payload: JSON.stringify({ nick_name: '听雨🌧𠀀' }),
    });
    expect(response.json()).toMatchObject({ code: 0, result: { nick_name: '听雨🌧𠀀' } });
  });
});

describe('CSRF and session hooks see the routed path', () => {
  it('refuses an encoded path from a foreign origin like the plain one', async () => {
    const user = await signUp(site);
    for (const url of ['/%61pi/user/logout', '/api/user/%6cogout', '/%61%70%69/user/logout']) {
      const foreign = await site.call({ method: 'POST', url, headers: { cookie: user.cookie, origin: 'https://evil.example' } });
      expect(foreign.statusCode, url).toBe(403);
      expect(foreign.json().message).toBe(a.foreignOrigin);
      const unmarked = await site.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });
      expect(unmarked.statusCode, url).toBe(403);
    }
    // The session survived.
    const check = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
    expect(check.json().result.id).toBe(user.id);
  });

  it('resolves the session on an encoded API path too', async () => {
    const user = await signUp(site);
    const response = await site.app.inject({ method: 'GET', url: '/%61pi/user/current', headers: { cookie: user.cookie } });
    expect(response.json().result?.id).toBe(user.id);
  });
});

describe('numbers stay numbers in bodies', () => {
  it.each([
    ['"1"', '{"current":"1","size":10}'],
    ['true', '{"current":true,"size":10}'],
    ['[1]', '{"current":[1],"size":10}'],
    ['"10"', '{"current":1,"size":"10"}'],
  ])('refuses %s where an integer is expected with 400', async (_name, payload) => {
    const response = await site.call({ method: 'POST', url: '/api/notify/getNotifyList', headers: { ...JSON_HEADERS, cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(new RegExp(`^${text.invalidRequest}`));
  });

  it('refuses "true" where a boolean is expected', async () => {
    const response = await site.call({
      method: 'POST',
      url: '/api/user/login',
      headers: JSON_HEADERS,
      payload: '{"username":"nobody1","password":"abc123456","remember":"true"}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('still reads integers from path parameters', async () => {
    const user = await signUp(site);
    const response = await site.app.inject({ method: 'GET', url: `/api/user/getUserInfoById/${user.id}`, headers: { cookie: user.cookie } });
    expect(response.json().result.id).toBe(user.id);
  });
});
