import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { openDatabase } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselySiteRepository } from '../../../server/adapters/db/siteRepository';
import { buildApp } from '../../../server/adapters/http/app';
import { ConfigError, loadConfig } from '../../../server/config';
import { SiteService } from '../../../server/domain/site/siteService';
import { createAccountServices } from '../../../server/accountServices';
import { temporaryFolder } from '../support/siteServer';
import { signUp, startAccountsServer, testHasher, uniqueName, type AccountsServer } from './support';

const a = zhCN.account.server;

let site: AccountsServer;
beforeAll(async () => {
  site = await startAccountsServer({ siteUrl: 'https://blog.example.com' });
});
afterAll(() => site.close());

describe('cross-site request forgery guard', () => {
  it('refuses a state-changing call without the X-Requested-With marker, on every route', async () => {
    const user = await signUp(site);
    for (const [method, url] of [
      ['PUT', '/api/config/addView'],
      ['POST', '/api/user/login'],
      ['POST', '/api/user/logout'],
      ['PUT', '/api/user/updateOwnUserInfo'],
      ['POST', '/api/notify/getNotifyList'],
      ['PUT', '/api/notify/delete/1'],
      ['POST', '/api/upload/img'],
      ['DELETE', '/api/anything'],
    ] as const) {
      const response = await site.app.inject({ method, url, headers: { cookie: user.cookie }, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ code: 403, result: null, message: a.missingMarker });
    }
  });

  it('refuses a foreign Origin even with the marker (addView included)', async () => {
    const user = await signUp(site);
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const response = await site.call({ method: 'PUT', url: '/api/config/addView', headers: { origin } });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().message).toBe(a.foreignOrigin);
      const logout = await site.call({ method: 'POST', url: '/api/user/logout', headers: { origin, cookie: user.cookie } });
      expect(logout.statusCode).toBe(403);
    }
    // The session survived the forged logout.
    const check = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
    expect(check.json().result.id).toBe(user.id);
  });

  it('refuses a foreign Referer when there is no Origin', async () => {
    const response = await site.call({ method: 'POST', url: '/api/user/logout', headers: { referer: 'https://evil.example/page' } });
    expect(response.statusCode).toBe(403);
  });

  it('accepts its own host and the configured SITE_URL as origins', async () => {
    const own = await site.call({
      method: 'POST',
      url: '/api/user/logout',
      headers: { host: 'blog.internal:8080', origin: 'http://blog.internal:8080' },
    });
    expect(own.statusCode).toBe(200);
    const configured = await site.call({ method: 'POST', url: '/api/user/logout', headers: { origin: 'https://blog.example.com' } });
    expect(configured.statusCode).toBe(200);
  });

  it('lets a bearer-token client without cookies through any Origin, but still wants the marker', async () => {
    const user = await signUp(site);
    const withMarker = await site.call({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      headers: { authorization: `Bearer ${user.token}`, origin: 'https://app.example' },
      payload: { nick_name: '令牌' },
    });
    expect(withMarker.json()).toMatchObject({ code: 0, result: { nick_name: '令牌' } });
    const withoutMarker = await site.app.inject({
      method: 'PUT',
      url: '/api/user/updateOwnUserInfo',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { nick_name: '令牌' },
    });
    expect(withoutMarker.statusCode).toBe(403);
  });

  it('leaves reads alone: GET needs no marker', async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/user/current', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('refuses the sixth attempt on an account from one address within 15 minutes with 429, even with the right password', async () => {
    const user = await signUp(site);
    for (let i = 0; i < 5; i++) {
      const response = await site.call({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.0.0.1',
        payload: { username: user.username, password: 'wrong-pass1' },
      });
      expect(response.json().code).toBe(1);
    }
    const locked = await site.call({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.0.0.1',
      payload: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 429, result: null, message: a.tooManyFailures(15) });
    // The owner at another address is not locked out.
    const owner = await site.call({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.0.1.1',
      payload: { username: user.username, password: user.password },
    });
    expect(owner.json().code).toBe(0);
  });

  it('counts 50 simultaneous wrong passwords before hashing: 5 are checked, 45 refused with 429', async () => {
    const user = await signUp(site);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        site.call({ method: 'POST', url: '/api/user/login', remoteAddress: '10.0.2.1', payload: { username: user.username, password: 'wrong-pass1' } }),
      ),
    );
    const statuses = responses.map((r) => (r.statusCode === 200 ? r.json().code : r.statusCode));
    expect(statuses.filter((s) => s === 1)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });

  it('refuses a client address after 20 failures across accounts', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      await site.call({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: address,
        payload: { username: uniqueName('spray'), password: 'wrong-pass1' },
      });
    }
    const user = await signUp(site);
    const locked = await site.call({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: address,
      payload: { username: user.username, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    const elsewhere = await site.call({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.9.9.10',
      payload: { username: user.username, password: user.password },
    });
    expect(elsewhere.json().code).toBe(0);
  });

  it('trusts X-Forwarded-For only from the configured proxy', async () => {
    const direct = await startAccountsServer();
    try {
      const user = await signUp(direct);
      // Without TRUST_PROXY a client cannot dodge the address limit by inventing forwarding headers.
      for (let i = 0; i < 20; i++) {
        await direct.call({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '10.7.7.7',
          headers: { 'x-forwarded-for': `192.168.0.${i}` },
          payload: { username: uniqueName('xff'), password: 'wrong-pass1' },
        });
      }
      const locked = await direct.call({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.7.7.7',
        headers: { 'x-forwarded-for': '192.168.1.1' },
        payload: { username: user.username, password: user.password },
      });
      expect(locked.statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('rate limit on the routes that cost (@fastify/rate-limit)', () => {
  it('answers 429 with a Chinese message past RATE_LIMIT_PER_MINUTE requests from one address, each costly route on its own', async () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(20);
    const limited = await startAccountsServer({ rateLimitPerMinute: 3 });
    try {
      for (const url of ['/api/user/login', '/api/user/register', '/api/user/updatePassword', '/api/upload/img']) {
        const method = url === '/api/user/updatePassword' ? 'PUT' : 'POST';
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await limited.call({ method, url, remoteAddress: '10.5.5.5', payload: {} }));
        expect(answers.slice(0, 3).map((r) => r.statusCode), url).not.toContain(429);
        expect(answers[3]?.statusCode, url).toBe(429);
        expect(answers[3]?.json(), url).toEqual({ code: 429, result: null, message: a.tooManyRequests });
      }
      // Another address, and the cheap routes, are not affected.
      const other = await limited.call({ method: 'POST', url: '/api/user/login', remoteAddress: '10.5.5.6', payload: {} });
      expect(other.statusCode).toBe(400);
      for (let i = 0; i < 5; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/user/current', remoteAddress: '10.5.5.5' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('takes its limit from RATE_LIMIT_PER_MINUTE, which must be a positive integer', () => {
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '5' }).rateLimitPerMinute).toBe(5);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});

describe('registration throttling', () => {
  it('refuses the eleventh registration from one address within the hour with 429 and when to retry', async () => {
    // The product's default limit, as an operator gets it without REGISTER_LIMIT_PER_HOUR.
    const defaults = loadConfig({});
    expect(defaults.registerLimitPerHour).toBe(10);
    const fresh = await startAccountsServer({ registerLimitPerHour: defaults.registerLimitPerHour });
    const register = (username: string, remoteAddress: string) =>
      fresh.call({ method: 'POST', url: '/api/user/register', remoteAddress, payload: { username, password: 'abc123456' } });
    try {
      const address = '10.3.3.3';
      for (let i = 0; i < 10; i++) expect((await register(uniqueName('flood'), address)).json().code).toBe(0);
      const limited = await register(uniqueName('flood'), address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 429, result: null, message: a.tooManyRegistrations(60) });
      // Another address, and logging in from the throttled one, still work.
      expect((await register(uniqueName('other'), '10.3.3.4')).json().code).toBe(0);
      const user = await signUp(fresh);
      const login = await fresh.call({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: address,
        payload: { username: user.username, password: user.password },
      });
      expect(login.json().code).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('takes its limit from REGISTER_LIMIT_PER_HOUR, which must be a positive integer', () => {
    expect(loadConfig({ REGISTER_LIMIT_PER_HOUR: '3' }).registerLimitPerHour).toBe(3);
    expect(() => loadConfig({ REGISTER_LIMIT_PER_HOUR: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ REGISTER_LIMIT_PER_HOUR: 'many' })).toThrow(ConfigError);
  });
});

describe('no secrets in the log', () => {
  it('logs neither passwords nor tokens, even at trace level', async () => {
    const lines: string[] = [];
    const database = openDatabase({ dataDir: temporaryFolder('blog-log-') });
    await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
    const services = createAccountServices(database.db, { secret: () => 'test-secret', hasher: testHasher });
    const app = await buildApp(
      { site: new SiteService(new KyselySiteRepository(database.db)), ...services, healthCheck: async () => undefined },
      { logLevel: 'trace', logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const headers = { 'x-requested-with': 'XMLHttpRequest' };
      const password = 'Secret-pass-42';
      await app.inject({ method: 'POST', url: '/api/user/register', headers, payload: { username: 'logcheck', password } });
      const login = await app.inject({ method: 'POST', url: '/api/user/login', headers, payload: { username: 'logcheck', password, bearer: true } });
      const token = login.json().result.token as string;
      await app.inject({ method: 'GET', url: '/api/user/current', headers: { cookie: `blog_session=${token}` } });
      await app.inject({ method: 'GET', url: '/api/user/current', headers: { authorization: `Bearer ${token}` } });
      await app.inject({
        method: 'PUT',
        url: '/api/user/updatePassword',
        headers: { ...headers, cookie: `blog_session=${token}` },
        payload: { old_password: password, new_password: 'Another-pass-43' },
      });
      const log = lines.join('');
      expect(log).toContain('/api/user/login'); // the log was captured at all
      expect(log).not.toContain(password);
      expect(log).not.toContain('Another-pass-43');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('POST /api/upload/img', () => {
  async function upload(cookie: string | undefined, bytes: Buffer, filename = 'a.png', contentType = 'image/png') {
    const boundary = '----blogtest';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return site.call({
      method: 'POST',
      url: '/api/upload/img',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  }

  it('accepts a real image, strips its metadata and answers a /media/ URL to a WebP', async () => {
    const user = await signUp(site);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3b82d6' } })
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'gps-person' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-camera-owner')).toBe(true);
    const response = await upload(user.cookie, jpeg, 'photo.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { url } = response.json().result as { url: string };
    expect(url).toMatch(/^\/media\/[a-f0-9]+\.webp$/);
    const served = await site.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-camera-owner')).toBe(false);
  });

  it('judges by the bytes: a script named .png is refused with a clear message', async () => {
    const user = await signUp(site);
    const response = await upload(user.cookie, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message: a.uploadNotImage });
  });

  it('refuses SVG and TIFF even though they are images', async () => {
    const user = await signUp(site);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).tiff().toBuffer();
    for (const bytes of [svg, tiff]) {
      const response = await upload(user.cookie, bytes);
      expect(response.json().message).toBe(a.uploadNotImage);
    }
  });

  it('refuses a file over 5 MB with 413 and a clear message', async () => {
    const user = await signUp(site);
    const response = await upload(user.cookie, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, result: null, message: a.uploadTooLarge });
  });

  it('needs a session', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
    const response = await upload(undefined, png);
    expect(response.statusCode).toBe(401);
  });

  it('refuses two files in one upload with 400 instead of dropping the second', async () => {
    const user = await signUp(site);
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
    const boundary = '----twofiles';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from('\r\n'),
      ]);
    const response = await site.call({
      method: 'POST',
      url: '/api/upload/img',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: user.cookie },
      payload: Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message: a.uploadOneFile });
  });

  it('refuses a 10 000 × 10 000 image by its pixel count, saying so', async () => {
    const user = await signUp(site);
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(user.cookie, huge);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message: a.uploadTooManyPixels });
  }, 30_000);

  it('answers 400 when there is no file', async () => {
    const user = await signUp(site);
    const response = await site.call({ method: 'POST', url: '/api/upload/img', headers: { cookie: user.cookie }, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(a.uploadMissing);
  });
});
