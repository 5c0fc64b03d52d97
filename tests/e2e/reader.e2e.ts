import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { createAccountServices } from '../../server/accountServices';
import { createUser, loginInBrowser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, phoneMenuButton, recordNotices, scrollAndSettle, waitForPage } from './support/harness';

/** Requests whose path starts with `prefix`, counted from now on. */
function countRequests(page: Page, prefix: string): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix)) count += 1;
  });
  return { count: () => count };
}

/**
 * One server and browser for every block but the last, whose administrator starts with a one-time password:
 * each block makes its own users and notices, so they do not meet.
 */
let shared: Promise<AccountsSite> | undefined;
const sharedSite = () => (shared ??= startAccountsSite());
afterAll(async () => (await shared)?.close());

describeInBrowser('what a reader meets', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await sharedSite();
  });

  it('a second tab of a session signed in without 记住我 shows the user, not 登录', async () => {
    const user = await createUser(site);
    const context = await site.newContext();
    const first = await context.newPage();
    await openAt(first, '/home');
    await loginInBrowser(first, user.username, user.password);

    const second = await context.newPage();
    await openAt(second, '/home');
    await second.getByRole('button', { name: '用户菜单' }).waitFor({ timeout: 10_000 });
    expect(await second.getByRole('button', { name: '登录', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('deleting a post from its detail page goes back to the board without asking for the deleted post again', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/home');
    await loginInBrowser(page, user.username, user.password);
    const id = await page.evaluate(async () => {
      const response = await fetch('/api/message/add', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ content: '马上就删的一条留言', color: '', bgImage: '' }),
      });
      return ((await response.json()) as { result: { id: number } }).result.id;
    });
    await openAt(page, `/message/detail?id=${id}`);
    const notices = await recordNotices(page);
    await page.reload();
    await page.getByText('马上就删的一条留言').first().waitFor();
    // Counted from the delete on: a load of the page's own (a server render that gave up on the replies
    // leaves them to the browser) may still be on its way after hydration.
    await page.waitForLoadState('networkidle');
    const reads = countRequests(page, `/api/message/getMessageById/${id}`);
    const replies = countRequests(page, `/api/message/getReplies/${id}`);

    // A list action's toast stays one second (spec section 9), not three: timed in the page, where a busy
    // test runner's round trips do not count.
    const toastLifetime = page.evaluate(
      (text) =>
        new Promise<number>((resolve) => {
          let shownAt: number | null = null;
          new MutationObserver((_, observer) => {
            const shown = [...document.querySelectorAll('.notice')].some((notice) => notice.textContent?.includes(text));
            if (shown) shownAt ??= performance.now();
            else if (shownAt !== null) {
              observer.disconnect();
              resolve(performance.now() - shownAt);
            }
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      zhCN.messages.deleted,
    );
    await page.getByRole('button', { name: zhCN.messages.delete }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: zhCN.messages.confirm }).click();
    await page.waitForURL(/\/message\/list$/);
    expect(await toastLifetime).toBeLessThan(2_000);
    await page.waitForLoadState('networkidle');

    expect(reads.count()).toBe(0);
    expect(replies.count()).toBe(0);
    expect((await notices()).filter((text) => text.includes(zhCN.http.interfaceNotFound))).toEqual([]);
  });

  it.each([
    ['/article?id=987654', zhCN.article.notFound],
    ['/talk?id=987654', zhCN.article.notFoundHint],
    ['/photos?id=987654', zhCN.article.notFoundHint],
    ['/message/detail?id=987654', zhCN.messages.notFound],
    ['/articleList?tagId=987654', zhCN.article.notFoundHint],
    ['/articleList?categoryId=987654', zhCN.article.notFoundHint],
  ])('%s shows its not-found state and no error toast', async (path, expected) => {
    const page = await site.newPage();
    const notices = await recordNotices(page);
    await openAt(page, path);
    await page.getByText(expected).first().waitFor({ timeout: 10_000 });
    await page.getByText(zhCN.article.notFoundHint).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: zhCN.content.retry }).count()).toBe(0);
    // The welcome greeting may show; nothing from the HTTP error catalogue may.
    const errors = (await notices()).filter(
      (text) => text.includes(zhCN.http.errorTip) || text.includes(zhCN.http.interfaceNotFound),
    );
    expect(errors).toEqual([]);
  });

  it('reads the site configuration from the page, never fetching it, and the notices once after a login', async () => {
    const user = await createUser(site);
    const page = await site.newPage();
    const notify = countRequests(page, '/api/notify/getNotifyList');
    await openAt(page, '/home');
    await page.waitForLoadState('networkidle');
    const notices = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/notify/getNotifyList'));
    await loginInBrowser(page, user.username, user.password);
    await notices;
    // A second load would start at the same moment as the first: one idle period later it would have been sent.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const configReads = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/config').length,
    );
    // The server rendered the page with the configuration and embedded it: the browser asks for it no more.
    expect(configReads).toBe(0);
    expect(notify.count()).toBe(1);
  });

  it('the mobile drawer offers 退出登录 to a signed-in reader', async () => {
    const user = await createUser(site);
    const page = await site.newPage({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
    await openAt(page, '/home');
    await phoneMenuButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: zhCN.nav.goLogin }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('用户账号').fill(user.username);
    await dialog.getByLabel('用户密码').fill(user.password);
    await dialog.getByLabel('用户密码').press('Enter');
    await page.locator('.notice', { hasText: zhCN.session.loginSuccess }).waitFor();
    await phoneMenuButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: zhCN.nav.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();
    await phoneMenuButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: zhCN.nav.goLogin }).waitFor();
  });
});

describeInBrowser('the header’s 更多 submenu', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await sharedSite();
  });

  const trigger = (page: Page) =>
    page.getByRole('navigation', { name: zhCN.nav.mainNav }).getByRole('button', { name: zhCN.nav.more, exact: true });
  const menu = (page: Page) => page.getByRole('menu', { name: zhCN.nav.more });
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  it('opens on hover, stays open on the click that follows, and a second click closes it', async () => {
    const page = await site.newPage();
    await openAt(page, '/home');
    const more = trigger(page);
    await more.hover();
    await page.locator('.nav__submenu').waitFor();
    // The click a mouse user makes on what they hover must not close what the hover opened.
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await more.getAttribute('aria-haspopup')).toBe('menu');
    // Opened by a click, it stays open when the pointer wanders off.
    await page.mouse.move(640, 700);
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await menu(page).waitFor();
    await more.click();
    await menu(page).waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    // Opened by the hover alone, it closes when the pointer leaves; a click on an entry follows it.
    await page.mouse.move(640, 700);
    await more.hover();
    await menu(page).waitFor();
    await page.mouse.move(640, 700);
    await menu(page).waitFor({ state: 'hidden' });
    await more.click();
    await menu(page).getByRole('menuitem', { name: zhCN.nav.backResources }).click({ timeout: 5_000 });
    await page.waitForURL(/\/resources\/back$/);
    await menu(page).waitFor({ state: 'hidden' });
  });

  it('works from the keyboard: Enter, Space and ArrowDown open it, arrows move, Escape closes and returns focus', async () => {
    const page = await site.newPage();
    await openAt(page, '/home');
    const more = trigger(page);
    await more.focus();

    // The menu takes focus in an effect after it shows: each check waits for focus to arrive.
    await page.keyboard.press('Enter');
    await menu(page).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await menu(page).getByRole('menuitem').count()).toBe(3);
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.frontResources);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.backResources);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.frontResources);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.siteList);
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.more);

    await page.keyboard.press(' ');
    await menu(page).waitFor();
    await expect.poll(() => focusedText(page)).toBe(zhCN.nav.frontResources);
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });

    await page.keyboard.press('ArrowDown');
    await menu(page).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/resources\/back$/);
    await menu(page).waitFor({ state: 'hidden' });
  });
});

describeInBrowser('notices in the message drawer', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await sharedSite();
  });

  const drawer = (page: Page) => page.getByRole('dialog', { name: zhCN.notify.title });
  const item = (page: Page, text: string) => drawer(page).locator('.notify-item', { hasText: text });

  async function signedInWith(notices: { type: 3 | 4; message: string }[]) {
    const user = await createUser(site);
    for (const { type, message } of notices) await site.server.notifications.toUser(user.id, { type, message, toId: null });
    const page = await site.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await openAt(page, '/home');
    await loginInBrowser(page, user.username);
    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).waitFor();
    return { page, consoleErrors };
  }

  it('shows the administrator’s escaped tags decoded back as spec section 5 says, as markup and not as text', async () => {
    const user = await createUser(site);
    // What `npm run notify -- "…"` does, on the site's own database.
    await createAccountServices(site.db.db, { secret: () => 'test-secret' }).notifications.adminNotice('维护公告：&lt;i&gt;今晚&lt;/i&gt; &#60;b&#62;停机&#60;/b&#62;');
    const page = await site.newPage();
    await openAt(page, '/home');
    await loginInBrowser(page, user.username);
    await page.getByRole('button', { name: /我的消息/ }).click();
    const decoded = item(page, '维护公告').locator('.notify-item__message');
    await decoded.waitFor();
    expect(await decoded.textContent()).toBe('维护公告：今晚 停机');
    expect(await decoded.locator('i').textContent()).toBe('今晚');
    expect(await decoded.locator('b').textContent()).toBe('停机');
  });

  it('cleans hostile markup without a CSP error in the console', async () => {
    const { page, consoleErrors } = await signedInWith([
      { type: 3, message: '<b>有图</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>' },
      { type: 3, message: '转义的 &lt;img src=x onerror="window.__xss = 3"&gt;<span style="color:red">红字</span>' },
    ]);
    await item(page, '有图').locator('b', { hasText: '有图' }).waitFor();
    await item(page, '红字').waitFor();
    expect(await drawer(page).locator('.notify-item__message :is(img, script, [style])').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Blocked by the CSP is not good enough: the browser must never have been handed the handler.
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  it('a click on a link inside a notice follows that link, not the notice’s own target, and marks it read', async () => {
    const { page } = await signedInWith([{ type: 3, message: '有人提到了你，<a href="/talk?id=2">去看看那条说说</a>' }]);
    await item(page, '去看看').locator('.notify-item__new').waitFor();
    await item(page, '去看看').getByRole('link', { name: '去看看那条说说' }).click();
    // The notice's own target (type 3) is /message/list.
    await page.waitForURL((url) => url.pathname + url.search === '/talk?id=2');
    await drawer(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /我的消息/ }).click();
    await item(page, '去看看').waitFor();
    expect(await item(page, '去看看').locator('.notify-item__new').count()).toBe(0);
  });

  it('a link to another site inside a notice opens there in a new tab and leaves the page where it was', async () => {
    const elsewhere = 'http://127.0.0.1:9/elsewhere';
    const { page } = await signedInWith([{ type: 3, message: `详情见<a href="${elsewhere}">站外公告</a>` }]);
    // The address answers nothing; the request for it is the proof the new tab went there.
    const request = page.context().waitForEvent('request', (r) => r.url() === elsewhere);
    await item(page, '站外公告').getByRole('link', { name: '站外公告' }).click();
    await request;
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});

describeInBrowser('the personal centre', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await sharedSite();
  });

  async function signedInAt(pathname: string) {
    const user = await createUser(site);
    const page = await site.newPage();
    await openAt(page, '/home');
    await loginInBrowser(page, user.username);
    await openAt(page, pathname);
    return { page, user };
  }

  it('refuses an empty nickname with 请输入用户昵称, in the browser before any call and on the server', async () => {
    const { page, user } = await signedInAt('/userCenter');
    const profileCalls = countRequests(page, '/api/user/updateOwnUserInfo');
    const nickname = page.getByLabel(zhCN.account.center.nickname, { exact: true });
    await nickname.fill('   ');
    await page.getByRole('button', { name: zhCN.account.center.saveProfile }).click();
    await page.getByRole('alert').filter({ hasText: zhCN.validation.nicknameRequired }).waitFor();
    expect(profileCalls.count()).toBe(0);

    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/user/updateOwnUserInfo', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ nick_name: ' ' }),
      });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(answer).toMatchObject({ status: 400, body: { message: zhCN.validation.nicknameRequired } });
    const current = await fetch(`${site.baseUrl}/api/user/current`, { headers: { cookie: await sessionCookie(page) } });
    expect(((await current.json()) as { result: unknown }).result).toMatchObject({ nick_name: user.nickName });
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ])('on a %s, 更换头像 sits centred under the avatar, clear of its circle', async (_, viewport) => {
    const { page } = await signedInAt('/userCenter');
    await page.setViewportSize(viewport);
    const avatar = await page.locator('.user-center__avatar .account-avatar').boundingBox();
    const button = await page.getByRole('button', { name: zhCN.account.center.changeAvatar }).boundingBox();
    if (!avatar || !button) throw new Error('the avatar or its button is not shown');
    expect(button.y).toBeGreaterThanOrEqual(avatar.y + avatar.height + 8);
    expect(Math.abs(button.x + button.width / 2 - (avatar.x + avatar.width / 2))).toBeLessThanOrEqual(1);
  });

  it.each([
    ['the avatar', '/userCenter', '[data-testid="avatar-input"]'],
    ['a message background', '/message/publish', 'form input[type="file"]'],
  ])('refuses %s of 16 MB in the browser, with the server’s message and without sending it', async (_, pathname, input) => {
    const { page } = await signedInAt(pathname);
    const uploads = countRequests(page, '/api/upload/img');
    // From a file on disk: Chromium reads it itself, where a 16 MB buffer would cross the protocol in base64.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-huge-'));
    const huge = path.join(dir, 'huge.jpg');
    fs.writeFileSync(huge, Buffer.alloc(16 * 1024 * 1024, 7));
    try {
      await page.locator(input).setInputFiles(huge);
      await page.locator('.notice', { hasText: zhCN.account.server.uploadTooLarge }).waitFor();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(uploads.count()).toBe(0);
  });
});

async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

describeInBrowser('/home and its pages', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await sharedSite();
  });

  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
  const pager = (page: Page) => page.getByRole('navigation', { name: zhCN.content.pager });
  const currentPage = (page: Page, n: number) =>
    pager(page).locator('[aria-current="page"]', { hasText: String(n) }).waitFor();

  it('首页 in the header on page 2 shows page 1 from the top, not where page 2 was left', async () => {
    const page = await site.newPage();
    await openAt(page, '/home');
    await pager(page).getByRole('link', { name: zhCN.content.pageNumber(2) }).click();
    await page.waitForURL(/\/home\?page=2$/);
    await currentPage(page, 2);
    // Down the page, then up a little: the header slides back. Each scroll waits for the header to have
    // seen it: two scrolls in one frame make one scroll event, which would read as a scroll down only.
    // Paging may leave the header hidden already (the list's top is below the banner), so start from the
    // top, where it shows: hidden after that proves it read the bottom.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('header.site-header[data-hidden="false"]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('header.site-header[data-hidden="true"]').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollBy(0, -150));
    await page.locator('header.site-header[data-hidden="false"]').waitFor();
    expect(await scrollY(page)).toBeGreaterThan(1000);

    // From the keyboard: a pointer click would wait for the sliding header to stand still, and Playwright's
    // scrolling it into view can hide it again (a scroll down), a race the click sometimes lost.
    await page.locator('header.site-header').getByRole('link', { name: zhCN.nav.home, exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/home' && url.search === '');
    await currentPage(page, 1);
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
    await page.waitForLoadState('networkidle');
    expect(await scrollY(page)).toBe(0);
  });

  it('the pager still leads to the top of the list, and Back from an article returns to page 2 where it was left', async () => {
    const page = await site.newPage();
    await openAt(page, '/home');
    await pager(page).getByRole('link', { name: zhCN.content.pageNumber(2) }).click();
    await currentPage(page, 2);
    // The list starts just under the header (the root's scroll padding and its own margin), the banner above it
    // out of sight.
    const [listTop, offset] = await page
      .locator('.home__main')
      .evaluate((list) => [
        list.getBoundingClientRect().top,
        parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + parseFloat(getComputedStyle(list).scrollMarginTop),
      ]);
    expect(offset).toBeGreaterThanOrEqual(60);
    expect(Math.abs(listTop! - offset!)).toBeLessThanOrEqual(1);

    // The outlet keeps the position its scroll listener saw: wait for the scroll event, not just scrollY.
    await scrollAndSettle(page, 1200);
    // The header may have slid away; a programmatic click still follows the link.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.home__main a[href^="/article?id="]')!.click());
    await page.waitForURL(/\/article\?id=/);
    await waitForPage(page);
    await page.goBack();
    await page.waitForURL(/\/home\?page=2$/);
    await expect.poll(() => scrollY(page)).toBe(1200);
  });
});

describeInBrowser('the administrator’s one-time password', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  const t = zhCN.account;

  /** A profile change through the API, as the page would make it. */
  const renameTo = (page: Page, nickName: string) =>
    page.evaluate(async (nick_name) => {
      const response = await fetch('/api/user/updateOwnUserInfo', {
        method: 'PUT',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ nick_name }),
      });
      return { status: response.status, body: (await response.json()) as { code: number; message: string } };
    }, nickName);

  /** Signs in through the dialog; if the dialog stays, the failure names the notices the page showed. */
  async function signIn(page: Page, notices: () => Promise<string[]>, username: string, password: string) {
    await page.getByRole('button', { name: t.loginTitle, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.loginTitle });
    await dialog.getByLabel(t.username).fill(username);
    await dialog.getByLabel(t.password).fill(password);
    await dialog.getByLabel(t.password).press('Enter');
    await dialog.waitFor({ state: 'detached' }).catch(async (error: unknown) => {
      throw new Error(`the sign-in dialog stayed; notices: ${(await notices()).join(' | ') || 'none'}`, { cause: error });
    });
  }

  it('the first sign-in with it leads straight to setting a new one, which nothing else gets past', async () => {
    expect(site.adminPassword).not.toBe('');
    const page = await site.newPage();
    const notices = await recordNotices(page);
    await openAt(page, '/home');
    await signIn(page, notices, 'admin', site.adminPassword);
    const forced = page.getByRole('dialog', { name: t.passwordChange.title });
    await forced.waitFor();

    // Neither Escape nor a click beside it closes it, and a reload brings it back.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await forced.isVisible()).toBe(true);
    await page.reload();
    await forced.waitFor();

    // The server refuses the account's other changes meanwhile, saying why.
    expect(await renameTo(page, '站长')).toEqual({ status: 403, body: { code: 403, result: null, message: t.server.passwordChangeRequired } });

    // An empty field is asked for by the name the dialog gives it.
    await forced.getByRole('button', { name: t.center.changePassword }).click();
    await forced.getByRole('alert').filter({ hasText: t.passwordChange.oldPasswordRequired }).waitFor();

    await forced.getByLabel(t.passwordChange.oldPassword, { exact: true }).fill(site.adminPassword);
    await forced.getByLabel(t.center.newPassword, { exact: true }).fill('newAdmin#2026');
    await forced.getByLabel(t.center.confirmPassword, { exact: true }).fill('newAdmin#2026');
    await forced.getByRole('button', { name: t.center.changePassword }).click();
    await page.locator('.notice', { hasText: t.center.passwordChanged }).waitFor();
    await forced.waitFor({ state: 'detached' });

    // The session that made the change stays signed in, to an account that may do everything again.
    await page.getByRole('button', { name: zhCN.session.userMenu }).waitFor();
    expect(await forced.count()).toBe(0);
    expect((await renameTo(page, '站长')).body.code).toBe(0);
  });

  it('signing out is the one other way out of it', async () => {
    const page = await site.newPage();
    const notices = await recordNotices(page);
    await openAt(page, '/home');
    const user = await createUser(site);
    // What `npm run user -- reset-password` does: a generated password, to be changed at the next sign-in.
    const password = await createAccountServices(site.db.db, { secret: () => 'test-secret' }).accounts.resetPassword(user.username);
    await signIn(page, notices, user.username, password);
    const forced = page.getByRole('dialog', { name: t.passwordChange.title });
    await forced.getByRole('button', { name: t.passwordChange.logout }).click();
    await page.locator('.notice', { hasText: zhCN.session.logoutSuccess }).waitFor();
    await forced.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: t.loginTitle, exact: true }).waitFor();
  });
});
