import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser } from './support/harness';
import { createUser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';

const chat = zhCN.chat;
const people = zhCN.consoleUsers;
const account = zhCN.account;

/**
 * The console's moderation and people, as the blogger and the people they act on see them: a mute from the
 * chat room's online list, a disabled account signed out of its open page, a reset password changed at the
 * next sign-in, and a notice that reaches a reader's drawer. One site, one browser.
 */
describeInBrowser('moderation and people from the console', () => {
  let site: AccountsSite;
  let adminCookie = '';

  beforeAll(async () => {
    site = await startAccountsSite();
    // The administrator's first step, done outside the browser: their own password in place of the printed one.
    const call = (url: string, body: unknown, cookie = '') =>
      fetch(`${site.baseUrl}${url}`, {
        method: url.endsWith('updatePassword') ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const sessionOf = (response: Response) => /blog_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const first = sessionOf(await call('/api/user/login', { username: 'admin', password: site.adminPassword }));
    await call('/api/user/updatePassword', { old_password: site.adminPassword, new_password: 'console#2026' }, first);
    adminCookie = sessionOf(await call('/api/user/login', { username: 'admin', password: 'console#2026' }));
    expect(adminCookie).not.toBe('');
  });
  afterAll(() => site?.close());

  /** A page signed in through its cookie (the sign-in dialog has its own tests). */
  async function signedInPage(cookie: string): Promise<Page> {
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: cookie.split('=')[1] ?? '', url: site.baseUrl }]);
    return context.newPage();
  }

  async function cookieOf(username: string, password: string): Promise<string> {
    const response = await fetch(`${site.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ username, password }),
    });
    return /blog_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
  }

  async function openRoom(page: Page): Promise<Locator> {
    await page.getByRole('button', { name: zhCN.chatButton.openRoom }).click();
    const room = page.getByRole('dialog', { name: chat.title });
    await room.getByText(/在线人数 \d+ 人/).waitFor({ timeout: 15_000 });
    return room;
  }

  const toast = (page: Page, text: string) => page.locator('.notice', { hasText: text });

  it('mutes a chatter from the room, disables an account, resets a password and sends a notice', async () => {
    const alice = await createUser(site, undefined, 'abc123456', '爱丽丝');
    const bob = await createUser(site, undefined, 'abc123456', '鲍勃');
    const carol = await createUser(site, undefined, 'abc123456', '卡罗尔');

    // 禁言 from the chat room's online list: the chatter is told and cannot send.
    const admin = await signedInPage(adminCookie);
    await openAt(admin, '/home');
    const adminRoom = await openRoom(admin);
    const alicePage = await signedInPage(await cookieOf(alice.username, alice.password));
    await openAt(alicePage, '/home');
    const aliceRoom = await openRoom(alicePage);
    await adminRoom.getByRole('button', { name: chat.onlineList }).click();
    await admin.getByRole('button', { name: chat.muteUser('爱丽丝') }).click();
    // Toasts are watched for from before the action that shows them, so a slow runner cannot miss one.
    const muted = toast(alicePage, chat.userMuted('爱丽丝', 10)).waitFor();
    await admin.getByRole('menuitem', { name: chat.muteFor(10) }).click();
    await muted;
    await aliceRoom.getByLabel(chat.inputLabel).fill('我还能说话吗');
    const refused = toast(alicePage, chat.muted(10)).waitFor();
    await aliceRoom.getByRole('button', { name: chat.send, exact: true }).click();
    await refused;
    await aliceRoom.getByText(chat.mutedHint).waitFor();
    expect(await aliceRoom.getByLabel(chat.inputLabel).count()).toBe(0);
    const history = (await (await fetch(`${site.baseUrl}/api/chat/getChatList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ size: 50 }),
    }).then((r) => r.json())) as { result: { list: { content: string }[] } }).result.list;
    expect(history.map((m) => m.content)).not.toContain('我还能说话吗');

    // 停用: the account's open page is signed out by its next call, and it cannot sign in again.
    const bobPage = await signedInPage(await cookieOf(bob.username, bob.password));
    await openAt(bobPage, '/home');
    await bobPage.getByRole('button', { name: zhCN.session.userMenu }).waitFor();
    await admin.goto('/admin/users');
    const bobRow = admin.getByRole('group', { name: people.users.actionsFor('鲍勃') });
    await bobRow.getByRole('button', { name: people.users.disable }).click();
    // The toast stays one second: watched for from before the click, so a slow runner cannot miss it.
    const disabled = toast(admin, people.users.disabledDone('鲍勃')).waitFor();
    await admin.getByRole('alertdialog').getByRole('button', { name: people.users.disable }).click();
    await disabled;
    await bobPage.getByRole('button', { name: /我的消息/ }).click();
    const login = bobPage.getByRole('dialog', { name: account.loginTitle });
    await login.waitFor();
    expect(await bobPage.getByRole('button', { name: zhCN.session.userMenu }).count()).toBe(0);
    await login.getByLabel(account.username).fill(bob.username);
    await login.getByLabel(account.password).fill(bob.password);
    await login.getByLabel(account.password).press('Enter');
    await toast(bobPage, account.server.accountDisabled).waitFor();

    // 重置密码: shown once; the user must set their own at the next sign-in.
    const carolRow = admin.getByRole('group', { name: people.users.actionsFor('卡罗尔') });
    await carolRow.getByRole('button', { name: people.users.resetPassword }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: people.users.resetPassword }).click();
    const shown = admin.getByRole('dialog', { name: people.users.passwordTitle('卡罗尔') });
    const generated = await shown.getByLabel(people.users.passwordLabel).inputValue();
    expect(generated.length).toBeGreaterThanOrEqual(12);
    await shown.getByRole('button', { name: people.users.done }).click();
    await admin.locator('.users-row', { hasText: carol.username }).getByText(people.users.mustChange).waitFor();

    const carolPage = await site.newPage();
    await openAt(carolPage, '/home');
    await carolPage.getByRole('button', { name: account.loginTitle, exact: true }).click();
    const carolLogin = carolPage.getByRole('dialog', { name: account.loginTitle });
    await carolLogin.getByLabel(account.username).fill(carol.username);
    await carolLogin.getByLabel(account.password).fill(carol.password);
    await carolLogin.getByLabel(account.password).press('Enter');
    await toast(carolPage, account.server.wrongCredentials).waitFor();
    await carolLogin.getByLabel(account.password).fill(generated);
    await carolLogin.getByLabel(account.password).press('Enter');
    const forced = carolPage.getByRole('dialog', { name: account.passwordChange.title });
    await forced.getByLabel(account.passwordChange.oldPassword, { exact: true }).fill(generated);
    await forced.getByLabel(account.center.newPassword, { exact: true }).fill('carol2026x');
    await forced.getByLabel(account.center.confirmPassword, { exact: true }).fill('carol2026x');
    await forced.getByRole('button', { name: account.center.changePassword }).click();
    await toast(carolPage, account.center.passwordChanged).waitFor();
    // The session that changed it stays signed in.
    await carolPage.getByRole('button', { name: zhCN.session.userMenu }).waitFor();
    expect(await forced.count()).toBe(0);

    // 通知: previewed as the drawer shows it, then in a reader's drawer.
    await admin.getByRole('link', { name: zhCN.console.nav.notices }).click();
    await admin.getByLabel(people.notices.messageLabel).fill('本周六 &lt;b&gt;停机维护&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const preview = admin.locator('.notices-preview .notify-item__message');
    await preview.locator('b', { hasText: '停机维护' }).waitFor();
    expect(await preview.innerHTML()).not.toContain('script');
    await admin.getByRole('button', { name: people.notices.send }).click();
    const sent = toast(admin, '已发送给').innerText();
    await admin.getByRole('alertdialog').getByRole('button', { name: people.notices.send }).click();
    expect(await sent).toMatch(/已发送给 \d+ 位用户/);

    await aliceRoom.getByRole('button', { name: chat.closeRoom }).click();
    await alicePage.getByRole('button', { name: /我的消息/ }).click();
    const drawer = alicePage.getByRole('dialog', { name: zhCN.notify.title });
    await drawer.locator('.notify-item__message b', { hasText: '停机维护' }).waitFor();
    expect(await drawer.locator('.notify-item__message').first().innerText()).toBe('本周六 停机维护');
  });
});
