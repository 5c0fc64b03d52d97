import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { checkRegisterUsername } from '../../../src/domain/account/validation';
import { usernameSkeleton } from '../../../server/domain/accounts/usernameSkeleton';
import { PASSWORD, startAccountsServer, uniqueName, type AccountsServer } from './support';

const v = zhCN.validation;
const a = zhCN.account.server;

let site: AccountsServer;
beforeAll(async () => {
  site = await startAccountsServer();
});
afterAll(() => site.close());

const register = (username: string) =>
  site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD } });

describe('look-alike user names', () => {
  it.each([
    ['admin + zero-width joiner', 'admin\u200d', v.usernameInvisible],
    ['zero-width space inside', 'ad\u200bmin', v.usernameInvisible],
    ['right-to-left override', '\u202eadmin', v.usernameInvisible],
    ['left-to-right mark', 'admin\u200e', v.usernameInvisible],
    ['soft hyphen', 'ad\u00admin', v.usernameInvisible],
    ['full-width letters', 'ａｄｍｉｎ', v.usernameCompatibility],
    ['ligature', 'ﬁnance', v.usernameCompatibility],
    ['Cyrillic а among Latin letters', '\u0430dmin', v.usernameMixedScripts],
    ['Greek ο among Latin letters', 'r\u03bfbert', v.usernameMixedScripts],
  ])('refuses %s with 400 and a clear message', async (_name, username, message) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message });
  });

  it('refuses a name written in another alphabet that reads like an existing one', async () => {
    const latin = `copy${uniqueName('').slice(-6).replace(/[^0-9]/g, '')}`;
    expect((await register(latin)).json().code).toBe(0);
    const cyrillic = latin.replace('c', '\u0441').replace('o', '\u043e').replace('p', '\u0440').replace('y', '\u0443');
    expect(cyrillic).not.toBe(latin);
    const response = await register(cyrillic);
    expect(response.json()).toEqual({ code: 1, result: null, message: a.usernameConfusable });
    // The administrator's name cannot be imitated either.
    expect((await register('\u0430\u0501\u043c\u0456\u043f')).json()).toEqual({ code: 1, result: null, message: a.usernameConfusable });
    expect((await register('ADMIN')).json()).toEqual({ code: 1, result: null, message: a.usernameTaken });
  });

  it('still accepts ordinary names: Latin with digits, Chinese, Chinese with Latin, Japanese', async () => {
    // Fixed names: this server's data folder is its own. (A clock-made suffix once made `ゆき桜7`, 4 characters.)
    for (const username of [uniqueName('plain'), '听雨听风者', '小明abc1', 'ゆき桜さくら']) {
      const response = await register(username);
      expect(response.json(), username).toMatchObject({ code: 0 });
    }
  });
});

describe('username skeleton', () => {
  it('maps look-alikes to one skeleton', () => {
    expect(usernameSkeleton('admin')).toBe(usernameSkeleton('\u0430dmin'));
    expect(usernameSkeleton('Admin')).toBe(usernameSkeleton('ADMIN'));
    expect(usernameSkeleton('copy')).toBe(usernameSkeleton('\u0441\u043e\u0440\u0443'));
    expect(usernameSkeleton('admin')).toBe(usernameSkeleton('ａｄｍｉｎ'));
    expect(usernameSkeleton('robert')).not.toBe(usernameSkeleton('rabert'));
  });

  it('every name the rule accepts is NFKC-stable and free of format characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 5, maxLength: 16 }), (name) => {
        if (checkRegisterUsername(name) !== null) return;
        expect(name.normalize('NFKC')).toBe(name);
        expect(/\p{Cf}/u.test(name)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
