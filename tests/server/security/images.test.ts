import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { signUp, startAccountsServer, type AccountsServer } from '../accounts/support';

const c = zhCN.contentServer;
const a = zhCN.account.server;

let site: AccountsServer;
let cookie: string;
let adminCookie: string;
beforeAll(async () => {
  site = await startAccountsServer({ seedDemo: true });
  ({ cookie } = await signUp(site));
  const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
  adminCookie = `blog_session=${login.cookies.find((k) => k.name === 'blog_session')?.value ?? ''}`;
}, 60_000);
afterAll(() => site.close());

const EXTERNAL = ['https://evil.example/a.png', 'http://127.0.0.1:9/x.png', '//cdn.example/a.png'];

/** Every string under a key that names an image, anywhere in a JSON value. */
function imageFields(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) imageFields(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && /avatar|cover|image|icon|bg/i.test(key)) found.push(item);
      else if (Array.isArray(item) && /images/i.test(key)) found.push(...item.filter((x): x is string => typeof x === 'string'));
      else imageFields(item, found);
    }
  }
  return found;
}

describe('images the pages show come from our own uploads only (CSP img-src self)', () => {
  it('refuses an external avatar for the user, a friend link, a message background and a talk image', async () => {
    for (const address of EXTERNAL) {
      const avatar = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { avatar: address } });
      expect(avatar.json()).toEqual({ code: 400, result: null, message: a.invalidAvatar });
      const link = await site.call({
        method: 'POST',
        url: '/api/links/apply',
        headers: { cookie },
        payload: { name: '外站', description: '', url: 'https://example.org/x', avatar: address },
      });
      expect(link.json()).toEqual({ code: 400, result: null, message: c.linkAvatarInvalid });
      const message = await site.call({
        method: 'POST',
        url: '/api/message/add',
        headers: { cookie },
        payload: { content: '你好', color: '', bgImage: address },
      });
      expect(message.json()).toEqual({ code: 400, result: null, message: c.invalidBackground });
      const talk = await site.call({
        method: 'POST',
        url: '/api/talk/add',
        headers: { cookie: adminCookie },
        payload: { content: '说说', images: [address], pinned: false },
      });
      expect(talk.json()).toEqual({ code: 400, result: null, message: c.invalidImage });
    }
    expect(c.linkAvatarInvalid).toMatch(/本站/);
  });

  it('accepts our own uploads', async () => {
    const message = await site.call({
      method: 'POST',
      url: '/api/message/add',
      headers: { cookie },
      payload: { content: '本站背景', color: '', bgImage: '/media/abc123.webp' },
    });
    expect(message.json().code).toBe(0);
  });

  it('serves demo content whose every image is on this site', async () => {
    const urls = [
      '/api/config',
      '/api/pageHeader/getAll',
      '/api/links/getAll',
      '/api/resources/getAll/front',
      '/api/resources/getAll/back',
      '/api/siteList/getAll',
      '/api/photoAlbum/getAll',
      '/api/talk/blogGetTalkList/1/50',
      '/api/article/blogHomeGetArticleList/1/50',
    ];
    const found: string[] = [];
    for (const url of urls) {
      const response = await site.app.inject({ method: 'GET', url });
      expect(response.json().code, url).toBe(0);
      found.push(...imageFields(response.json().result));
    }
    const board = await site.call({ method: 'POST', url: '/api/message/getMessageList', payload: { current: 1, size: 50 } });
    found.push(...imageFields(board.json().result));
    expect(found.length).toBeGreaterThan(20);
    for (const address of found) expect(address === '' || /^\/media\/[A-Za-z0-9._-]+$/.test(address), address).toBe(true);
  });
});
