import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { sessionCookieOf, signUp, startAccountsServer, type AccountsServer } from './support';

let site: AccountsServer;

beforeAll(async () => {
  site = await startAccountsServer({ adminTwoStep: 'required' });
});
afterAll(() => site.close());

const code = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

describe('two-step sign-in over HTTP', () => {
  it('keeps the site key in the data folder with mode 0600', () => {
    const stat = fs.statSync(path.join(site.dataDir, 'secret.key'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('turns on with a QR code drawn here, then a login answers a challenge that a code exchanges for the session', async () => {
    const user = await signUp(site);
    const start = await site.call({ method: 'POST', url: '/api/user/twoStep/start', headers: { cookie: user.cookie } });
    const { secret, qr } = start.json<{ result: { secret: string; qr: string } }>().result;
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(start.headers['cache-control']).toBe('no-store');
    const enable = await site.call({
      method: 'POST',
      url: '/api/user/twoStep/enable',
      headers: { cookie: user.cookie },
      payload: { code: code(secret) },
    });
    expect(enable.json<{ result: { recovery_codes: string[] } }>().result.recovery_codes).toHaveLength(10);

    const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: user.username, password: user.password } });
    expect(sessionCookieOf(login)).toBeUndefined();
    const { second_step, challenge } = login.json<{ result: { second_step: boolean; challenge: string } }>().result;
    expect(second_step).toBe(true);
    const wrong = await site.call({ method: 'POST', url: '/api/user/loginSecondStep', payload: { challenge, code: code(secret) } });
    expect(wrong.json()).toMatchObject({ code: 1, message: zhCN.twoStep.server.wrongCode });
    const right = await site.call({ method: 'POST', url: '/api/user/loginSecondStep', payload: { challenge, code: code(secret, 1) } });
    expect(right.json()).toMatchObject({ code: 0, result: { id: user.id } });
    const cookie = `blog_session=${sessionCookieOf(right) ?? ''}`;

    // Both sessions are listed, this one marked; the first one ends from here.
    const listed = await site.call({ method: 'GET', url: '/api/user/sessions', headers: { cookie, 'user-agent': 'x' } });
    const sessions = listed.json<{ result: { id: number; current: boolean }[] }>().result;
    expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
    const other = sessions.find((s) => !s.current)!;
    await site.call({ method: 'POST', url: '/api/user/sessions/end', headers: { cookie }, payload: { id: other.id } });
    const gone = await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie: user.cookie } });
    expect(gone.json().result).toBeNull();
  });

  it('holds the administrator to setting a second step up before any change (ADMIN_TWO_STEP=required)', async () => {
    const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
    const cookie = `blog_session=${sessionCookieOf(login) ?? ''}`;
    const current = await site.call({ method: 'GET', url: '/api/user/current', headers: { cookie } });
    expect(current.json().result).toMatchObject({ must_set_up_two_step: true });
    const refused = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { nick_name: '站长' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(zhCN.twoStep.server.setUpRequired);
    const start = await site.call({ method: 'POST', url: '/api/user/twoStep/start', headers: { cookie } });
    const { secret } = start.json<{ result: { secret: string } }>().result;
    await site.call({ method: 'POST', url: '/api/user/twoStep/enable', headers: { cookie }, payload: { code: code(secret) } });
    const allowed = await site.call({ method: 'PUT', url: '/api/user/updateOwnUserInfo', headers: { cookie }, payload: { nick_name: '站长' } });
    expect(allowed.json().code).toBe(0);
  });
});
