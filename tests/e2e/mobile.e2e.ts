import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, phoneMenuButton } from './support/harness';
import { createUser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';

/** An iPhone-sized window: below the narrow-screen breakpoint, so the header shows the drawer. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const t = zhCN.nav;

/** Every entry the narrow-screen menu must offer: the desktop menu's, plus 标签 (spec section 2). */
const DRAWER_ENTRIES = [
  [t.home, '/home'],
  [t.archives, '/archives'],
  [t.frontResources, '/resources/front'],
  [t.backResources, '/resources/back'],
  [t.siteList, '/siteList'],
  [t.category, '/category'],
  [t.tag, '/tag'],
  [t.album, '/photoAlbum'],
  [t.talk, '/talk'],
  [t.links, '/link/list'],
  [t.messages, '/message/list'],
] as const;

describeInBrowser('the site on a phone (390×844)', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite();
  });
  afterAll(() => site?.close());

  const menu = (page: Page) => page.getByRole('dialog', { name: t.menu });

  async function openMenu(page: Page) {
    await phoneMenuButton(page).click();
    await menu(page).waitFor();
  }

  /** Signs in through the drawer's "去登录" avatar, the only login entry a phone has. */
  async function loginFromDrawer(page: Page, username: string, password: string) {
    await openMenu(page);
    await menu(page).getByRole('button', { name: t.goLogin }).click();
    const dialog = page.getByRole('dialog', { name: zhCN.account.loginTitle });
    await dialog.getByLabel(zhCN.account.username).fill(username);
    await dialog.getByLabel(zhCN.account.password).fill(password);
    await dialog.getByRole('button', { name: zhCN.account.submitLogin, exact: true }).tap();
    await page.locator('.notice', { hasText: zhCN.session.loginSuccess }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  it('the menu button opens a drawer with every entry plus 标签, each leading to its page', async () => {
    const page = await site.newPage(PHONE);
    await openAt(page, '/home');
    // The phone header has no desktop menu and no separate login button.
    expect(await page.locator('header').getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('button', { name: t.login, exact: true }).count()).toBe(0);

    await openMenu(page);
    const links = menu(page).getByRole('navigation', { name: t.mainNav }).getByRole('link');
    const shown = await links.evaluateAll((anchors) =>
      anchors.map((a) => [a.textContent?.trim() ?? '', new URL((a as HTMLAnchorElement).href).pathname]),
    );
    expect(shown).toEqual(DRAWER_ENTRIES.map(([label, path]) => [label, path]));
    await menu(page).getByText(t.more, { exact: true }).waitFor();

    await menu(page).getByRole('link', { name: t.tag }).tap();
    await page.waitForURL('**/tag');
    await menu(page).waitFor({ state: 'hidden' });

    await openMenu(page);
    await menu(page).getByRole('button', { name: t.closeMenu }).tap();
    await menu(page).waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.mobile-menu > summary'))).toBe(true);
  });

  it('signed out, the drawer shows a 去登录 avatar that closes the drawer and opens the login dialog', async () => {
    const page = await site.newPage(PHONE);
    await openAt(page, '/home');
    await openMenu(page);
    await menu(page).getByRole('button', { name: t.goLogin }).tap();
    const dialog = page.getByRole('dialog', { name: zhCN.account.loginTitle });
    await dialog.waitFor();
    await menu(page).waitFor({ state: 'hidden' });
    // The dialog is on top and usable: typing reaches its fields.
    await dialog.getByLabel(zhCN.account.username).fill('someone');
    await expect(dialog.getByLabel(zhCN.account.username).inputValue()).resolves.toBe('someone');
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });

  it('logging in on a phone works: the bell appears, the drawer avatar shows the name and leads to 个人中心', async () => {
    const user = await createUser(site, undefined, 'abc123456', '掌上读者');
    const page = await site.newPage(PHONE);
    await openAt(page, '/home');
    await loginFromDrawer(page, user.username, user.password);

    await page.getByRole('button', { name: /我的消息/ }).waitFor();
    await openMenu(page);
    const account = menu(page).getByRole('button', { name: '掌上读者' });
    await account.tap();
    await page.waitForURL('**/userCenter');
    await menu(page).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: zhCN.account.center.logout }).waitFor();
  });

  it('the message drawer (我的消息) is 80% of the window wide on a phone and 40% once the window is wide', async () => {
    const user = await createUser(site);
    await site.server.notifications.toUser(user.id, { type: 3, message: '手机上的消息', toId: null });
    const page = await site.newPage(PHONE);
    await openAt(page, '/home');
    await loginFromDrawer(page, user.username, user.password);

    await page.getByRole('button', { name: /我的消息/ }).tap();
    const drawer = page.getByRole('dialog', { name: zhCN.notify.title });
    await drawer.getByText('手机上的消息').waitFor();
    // Measured once the slide-in animation has settled.
    await page.waitForFunction(() => document.querySelector('.notify-drawer')?.getAnimations().length === 0);
    expect((await drawer.boundingBox())?.width).toBeCloseTo(390 * 0.8, 0);

    await page.setViewportSize({ width: 1280, height: 800 });
    // The width alone shows the menu bar (header.css).
    await page.locator('header.site-header .nav').waitFor();
    expect((await drawer.boundingBox())?.width).toBeCloseTo(1280 * 0.4, 0);
  });
});
