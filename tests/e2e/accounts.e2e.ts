import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser } from './support/harness';
import {
  createUser,
  freshName,
  loginInBrowser,
  openAt,
  startAccountsSite,
  type AccountsSite,
} from './accountsSupport';

const v = zhCN.validation;

/** Everything page scripts can read from storage, decoded from the spec's base64/URL encoding. */
async function readableStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const decode = (raw: string) => {
      try {
        return decodeURIComponent(atob(raw));
      } catch {
        return raw;
      }
    };
    const dump = (storage: Storage) =>
      Object.keys(storage)
        .map((key) => `${key}=${storage.getItem(key) ?? ''}=${decode(storage.getItem(key) ?? '')}`)
        .join('\n');
    return `${dump(localStorage)}\n${dump(sessionStorage)}\n${document.cookie}`;
  });
}

describeInBrowser('accounts in the browser', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  it('keeps the login dialog, avatar menu, message drawer and DOMPurify out of the first load; each opens on the first click', async () => {
    const user = await createUser(site);
    const LAZY = ['LoginDialog', 'UserMenu', 'NotificationDrawer', 'purify.es'];
    /** The lazy parts a page has fetched so far. */
    const lazyFetchedBy = (page: Page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.push(pathname);
      });
      return () => {
        expect(scripts.length).toBeGreaterThan(0);
        return LAZY.filter((chunk) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`)));
      };
    };
    // The idle prefetch, which would fetch these parts ahead of the click (tests/e2e/prefetch.e2e.ts), is off
    // in every test's context.
    const page = await site.newPage();
    const fetchedByPage = lazyFetchedBy(page);
    await openAt(page, '/home');
    await page.waitForLoadState('networkidle');
    expect(fetchedByPage()).toEqual([]);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    expect(fetchedByPage()).toContain('LoginDialog');

    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('用户密码').fill(user.password);
    await dialog.getByLabel('用户密码').press('Enter');
    await page.getByRole('button', { name: '用户菜单' }).waitFor();

    // Signed in, the first load still carries only the bell and the avatar button. A new tab of the same
    // reader: in the tab that signed in, the closed dialog gives the focus back to the account button, whose
    // focus preloads its menu (as a pointer resting on it would), whenever that comes on a loaded machine.
    const signedIn = await page.context().newPage();
    const fetchedBySignedIn = lazyFetchedBy(signedIn);
    await openAt(signedIn, '/home');
    await signedIn.getByRole('button', { name: '用户菜单' }).waitFor();
    await signedIn.waitForLoadState('networkidle');
    expect(fetchedBySignedIn()).toEqual([]);
    await signedIn.getByRole('button', { name: '用户菜单' }).click();
    await signedIn.getByRole('menuitem', { name: zhCN.nav.userCenter }).waitFor();
    await signedIn.keyboard.press('Escape');
    await signedIn.getByRole('button', { name: /我的消息/ }).click();
    await signedIn.getByRole('dialog', { name: zhCN.notify.title }).waitFor();
    expect(fetchedBySignedIn()).toEqual(['UserMenu', 'NotificationDrawer', 'purify.es']);
  });

  it('register shows each validation message on blur, then logs in automatically (自动登录成功)', async () => {
    const page = await site.newPage();
    await openAt(page, '/home');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('dialog', { name: '登录' }).getByText('没有账号？去注册').click();
    const form = page.getByRole('dialog', { name: '注册' });
    const username = form.getByLabel('用户账号');
    const password = form.getByLabel('密码', { exact: true });
    const confirm = form.getByLabel('确认密码');

    await username.focus();
    await password.focus();
    await form.getByText(v.usernameRequired).waitFor();
    await username.fill('abcd');
    await username.blur();
    await form.getByText(v.usernameLength).waitFor();

    await password.focus();
    await confirm.focus();
    await form.getByText(v.passwordRequired).waitFor();
    await password.fill('123456');
    await password.blur();
    await form.getByText(v.passwordFormat).waitFor();

    await confirm.focus();
    await username.focus();
    await form.getByText(v.confirmRequired).waitFor();
    await password.fill('abc123456');
    await confirm.fill('abc12345');
    await confirm.blur();
    await form.getByText(v.confirmMismatch).waitFor();

    const name = freshName('reg');
    await username.fill(name);
    await form.getByLabel('用户昵称').fill('新读者');
    await confirm.fill('abc123456');
    await confirm.press('Enter');
    await page.locator('.notice', { hasText: zhCN.session.autoLoginSuccess }).waitFor();
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    expect(await page.getByRole('dialog', { name: '注册' }).count()).toBe(0);
    await expect(page.getByRole('button', { name: '用户菜单' }).textContent()).resolves.toContain('新读者');
  });

  it('refuses a taken name in the dialog with the server message', async () => {
    const taken = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/home');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('dialog', { name: '登录' }).getByText('没有账号？去注册').click();
    const form = page.getByRole('dialog', { name: '注册' });
    await form.getByLabel('用户账号').fill(taken.username.toUpperCase());
    await form.getByLabel('密码', { exact: true }).fill('abc123456');
    await form.getByLabel('确认密码').fill('abc123456');
    await form.getByRole('button', { name: '注册' }).click();
    await page.locator('.notice', { hasText: zhCN.account.server.usernameTaken }).waitFor();
    await expect(form.isVisible()).resolves.toBe(true);
  });

  it('login: required fields on blur, a wrong password, then 登录成功 with a greeting by name — and no credential page scripts can read', async () => {
    const user = await createUser(site, freshName('log'), 'abc123456', '听雨人');
    const page = await site.newPage();
    await openAt(page, '/home');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').focus();
    await dialog.getByLabel('用户密码').focus();
    await dialog.getByText(v.usernameRequired).waitFor();
    await dialog.getByLabel('用户账号').focus();
    await dialog.getByText(v.loginPasswordRequired).waitFor();

    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('用户密码').fill('wrong-pass1');
    await dialog.getByLabel('用户密码').press('Enter');
    await page.locator('.notice', { hasText: zhCN.account.server.wrongCredentials }).waitFor();

    const loginResponse = page.waitForResponse('**/api/user/login');
    await dialog.getByLabel('用户密码').fill(user.password);
    await dialog.getByLabel('用户密码').press('Enter');
    const loginBody = (await (await loginResponse).json()) as { result: { id: number; token?: string } };
    // The browser's login answers no credential: the session lives only in the HttpOnly cookie.
    expect(loginBody.result.token).toBeUndefined();
    const token = (await page.context().cookies()).find((c) => c.name === 'blog_session')?.value ?? '';
    expect(token).not.toBe('');
    const welcome = page.locator('.notice', { hasText: zhCN.session.loginSuccess });
    await welcome.waitFor();
    await expect(welcome.textContent()).resolves.toContain('听雨人');

    const readable = await readableStorage(page);
    expect(readable).not.toContain(token);
    expect(readable).not.toContain(user.password);
    expect(readable).not.toContain('blog_session');
    // The cookie is there, but only for the browser to send.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'blog_session')).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax' });
  });

  it('logout shows 退出成功 and leaves /userCenter for /home', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await loginInBrowser(page, user.username);
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: zhCN.nav.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await readableStorage(page)).not.toContain('userInfo=');
  });

  it('"记住我" survives a browser restart (user name prefilled); without it the session ends with the browser', async () => {
    for (const remember of [true, false]) {
      const user = await createUser(site);
      const context = await site.newContext();
      const page = await context.newPage();
      await openAt(page, '/home');
      await loginInBrowser(page, user.username, user.password, remember);
      const state = await context.storageState();
      await context.close();

      // A restart keeps persistent cookies and local storage, and drops session cookies and session storage.
      const restarted = await site.newContext({
        storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
      });
      const again = await restarted.newPage();
      await openAt(again, '/home');
      if (remember) {
        await again.getByRole('button', { name: '用户菜单' }).waitFor();
        await again.getByRole('button', { name: '用户菜单' }).click();
        await again.getByRole('menuitem', { name: zhCN.nav.logout }).click();
        await again.getByRole('button', { name: '登录', exact: true }).click();
        await expect(again.getByRole('dialog', { name: '登录' }).getByLabel('用户账号').inputValue()).resolves.toBe(user.username);
        await expect(again.getByRole('checkbox', { name: '记住我' }).getAttribute('aria-checked')).resolves.toBe('true');
      } else {
        await again.getByRole('button', { name: '登录', exact: true }).waitFor();
        await again.waitForTimeout(300);
        expect(await again.getByRole('button', { name: '用户菜单' }).count()).toBe(0);
        // Forgotten quietly: no "login expired" popup for a session that simply ended with the browser.
        expect(await again.locator('.notice', { hasText: zhCN.http.errorTip }).count()).toBe(0);
      }
      await restarted.close();
    }
  });

  it('a session that expired on the server clears the user and opens the login dialog with the error popup', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/home');
    await loginInBrowser(page, user.username);
    await site.db.db.deleteFrom('user_session').where('user_id', '=', user.id).execute();

    // Any call may be the first to meet the 401 (the bell's own, or one the page makes in the background); the
    // outcome must be the same whichever wins, so the test waits for the outcome, not for the click.
    const loginDialog = page.getByRole('dialog', { name: '登录' });
    await Promise.any([page.getByRole('button', { name: /我的消息/ }).click(), loginDialog.waitFor()]);
    await page.locator('.notice', { hasText: zhCN.account.server.loginRequired }).waitFor();
    await loginDialog.waitFor();
    await page.getByRole('button', { name: '用户菜单' }).waitFor({ state: 'detached' });
    expect(await readableStorage(page)).not.toContain('userInfo=');

    // Logging in again from that dialog restores the session.
    await loginDialog.getByLabel('用户账号').fill(user.username);
    await loginDialog.getByLabel('用户密码').fill(user.password);
    await loginDialog.getByLabel('用户密码').press('Enter');
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
  });

  it('the personal centre uploads an avatar (re-encoded to WebP), renames, and refuses an oversized file', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await page.getByText(zhCN.account.center.loginFirst).waitFor();
    await loginInBrowser(page, user.username);

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d883b0' } }).png().toBuffer();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.locator('.notice', { hasText: zhCN.account.center.avatarUpdated }).waitFor();
    const avatar = page.locator('.user-center__avatar img');
    await expect(avatar.getAttribute('src')).resolves.toMatch(/^\/media\/[a-f0-9]+\.webp$/);
    await expect(page.locator('.account-entry__trigger img').getAttribute('src')).resolves.toMatch(/\.webp$/);

    await page.getByTestId('avatar-input').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    });
    await page.locator('.notice', { hasText: zhCN.account.server.uploadTooLarge }).waitFor();

    await page.getByLabel(zhCN.account.center.nickname).fill('改过的昵称');
    await page.getByRole('button', { name: zhCN.account.center.saveProfile }).click();
    await page.locator('.notice', { hasText: zhCN.account.center.profileSaved }).waitFor();
    await expect(page.getByRole('button', { name: '用户菜单' }).textContent()).resolves.toContain('改过的昵称');
  });

  it('changing the password keeps this session and signs the others out', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await loginInBrowser(page, user.username);
    await page.getByLabel(zhCN.account.center.oldPassword).fill(user.password);
    await page.getByLabel(zhCN.account.center.newPassword, { exact: true }).fill('newpass789');
    await page.getByLabel(zhCN.account.center.confirmPassword).fill('newpass789');
    await page.getByRole('button', { name: zhCN.account.center.changePassword }).click();
    await page.locator('.notice', { hasText: zhCN.account.center.passwordChanged }).waitFor();
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
    expect(await page.getByRole('dialog', { name: '登录' }).count()).toBe(0);
  });
  it('turns two-step sign-in on with codes computed from the shown secret, then signs in with password and code', async () => {
    const words = zhCN.twoStep;
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/userCenter');
    await loginInBrowser(page, user.username);
    await page.getByRole('button', { name: words.center.start }).click();
    const secret = (await page.getByTestId('two-step-secret').textContent()) ?? '';
    await expect(page.getByRole('img', { name: words.center.qrAlt }).getAttribute('src')).resolves.toMatch(/^data:image\/svg\+xml;base64,/);
    const code = (offsetSteps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
    await page.getByLabel(words.center.confirmCode).fill(code(0));
    await page.getByRole('button', { name: words.center.enable }).click();
    const codes = page.getByRole('list', { name: words.center.codesTitle }).getByRole('listitem');
    await codes.nth(9).waitFor();
    expect(await codes.count()).toBe(10);
    await expect(page.getByRole('link', { name: words.center.download }).getAttribute('download')).resolves.toBe(words.center.codesFileName);
    await page.getByRole('button', { name: words.center.saved }).click();
    await page.getByTestId('two-step-status').filter({ hasText: words.center.on(10) }).waitFor();

    await page.getByRole('button', { name: zhCN.account.center.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('用户密码').fill(user.password);
    await dialog.getByLabel('用户密码').press('Enter');
    const second = page.getByRole('dialog', { name: words.login.title });
    const input = second.getByLabel(words.login.code);
    await expect(input.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    // The code that turned it on is spent; the next step's code is within the ±1 window and new.
    await input.fill(code(1));
    await input.press('Enter');
    await page.getByRole('button', { name: '用户菜单' }).waitFor();
  });
});
