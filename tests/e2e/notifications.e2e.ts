import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser } from './support/harness';
import { createUser, loginInBrowser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';

const n = zhCN.notify;
const ADMIN_URL = 'http://127.0.0.1:9/admin-panel';

describeInBrowser('the message drawer in the browser (spec section 2)', () => {
  let site: AccountsSite;
  beforeAll(async () => {
    site = await startAccountsSite({ ADMIN_URL });
  });
  afterAll(() => site?.close());

  async function signedIn(prepare: (userId: number) => Promise<void>, viewport = { width: 1280, height: 800 }) {
    const user = await createUser(site);
    await prepare(user.id);
    const page = await site.newPage({ viewport });
    await openAt(page, '/home');
    await loginInBrowser(page, user.username);
    return { page, user };
  }

  const drawer = (page: Page) => page.getByRole('dialog', { name: n.title });
  const items = (page: Page) => drawer(page).locator('.notify-item');

  it('shows 9+ on the bell, pages 10 at a time with 点击加载更多～ and ends with 已经到底啦', async () => {
    const { page } = await signedIn(async (id) => {
      for (let i = 1; i <= 12; i++) await site.server.notifications.toUser(id, { type: 3, message: `第${i}条`, toId: null });
    });
    await expect(page.getByTestId('notify-badge').textContent()).resolves.toBe('9+');
    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).waitFor();
    await expect(items(page).count()).resolves.toBe(10);
    await expect(items(page).first().textContent()).resolves.toContain('第12条');
    await expect(drawer(page).locator('.notify-item__new').count()).resolves.toBe(10);
    await drawer(page).getByRole('button', { name: n.loadMore }).click();
    await drawer(page).getByText(n.noMore).waitFor();
    await expect(items(page).count()).resolves.toBe(12);
    const texts = await items(page).locator('.notify-item__message').allTextContents();
    expect(new Set(texts).size).toBe(12);
  });

  it('is 40% of the window wide on desktop', async () => {
    const { page } = await signedIn(async (id) => {
      await site.server.notifications.toUser(id, { type: 3, message: 'x', toId: null });
    });
    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).waitFor();
    const box = await drawer(page).boundingBox();
    expect(box?.width).toBeCloseTo(1280 * 0.4, 0);
  });

  it.each([
    [1, '/article?id=42', 42],
    [2, '/talk?id=7', 7],
    [3, '/message/list', null],
  ] as const)('a click on a type-%i notice marks it read, goes to %s and closes the drawer', async (type, path, toId) => {
    const { page } = await signedIn(async (id) => {
      await site.server.notifications.toUser(id, { type: 3, message: '旧消息', toId: null });
      if (type === 3) await site.server.notifications.toUser(id, { type, message: '有人回复了你的留言', toId });
    });
    if (type !== 3) await site.server.notifications.toAllUsers({ type, message: '新内容发布了', toId: toId ?? 0 });
    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).waitFor();
    // The drawer reloads on open, so the notice published after sign-in comes, first (the newest).
    const notice = items(page).filter({ hasText: type === 3 ? '有人回复了你的留言' : '新内容发布了' });
    await notice.locator('.notify-item__new').waitFor();
    expect(await items(page).first().innerText()).toBe(await notice.innerText());
    await notice.locator('.notify-item__body').click();
    await page.waitForURL((url) => url.pathname + url.search === path);
    await drawer(page).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).waitFor();
    await expect(items(page).first().locator('.notify-item__new').count()).resolves.toBe(0);
    await expect(items(page).nth(1).locator('.notify-item__new').count()).resolves.toBe(1);
  });

  it('a type-4 notice from the administrator opens the configured admin address', async () => {
    const { page } = await signedIn(async (id) => {
      await site.server.notifications.toUser(id, { type: 4, message: '系统维护通知', toId: null });
    });
    await page.getByRole('button', { name: /我的消息/ }).click();
    // The address answers nothing; the request for it is the proof the new tab went there.
    const request = page.context().waitForEvent('request', (r) => r.url() === ADMIN_URL);
    await items(page).first().getByRole('button', { name: n.jump }).click();
    await request;
    await drawer(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('deleting asks 确定删除吗?; cancel keeps it, confirm says 删除成功 and reloads from page 1', async () => {
    const { page } = await signedIn(async (id) => {
      for (let i = 1; i <= 11; i++) await site.server.notifications.toUser(id, { type: 3, message: `消息${i}`, toId: null });
    });
    await page.getByRole('button', { name: /我的消息/ }).click();
    await drawer(page).getByRole('button', { name: n.loadMore }).click();
    await drawer(page).getByText(n.noMore).waitFor();

    const target = items(page).filter({ hasText: '消息5' });
    await target.getByRole('button', { name: n.delete }).click();
    await page.getByText(n.confirmDelete).waitFor();
    await page.getByRole('button', { name: n.cancel }).click();
    await expect(target.count()).resolves.toBe(1);

    await target.getByRole('button', { name: n.delete }).click();
    // The toast stays one second: watched for from before the click, so a slow runner cannot miss it.
    const deleted = page.locator('.notice', { hasText: n.deleted }).waitFor();
    await page.getByRole('button', { name: n.confirm }).click();
    await deleted;
    await target.waitFor({ state: 'detached' });
    // Back to page 1: exactly ten shown, one more to load.
    await expect(items(page).count()).resolves.toBe(10);
    await drawer(page).getByRole('button', { name: n.loadMore }).waitFor();
  });

  it('shows notice HTML only after DOMPurify: markup survives, scripts do not', async () => {
    const { page } = await signedIn(async (id) => {
      await site.server.notifications.toUser(id, {
        type: 3,
        message: '<b>加粗</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>',
        toId: null,
      });
    });
    await page.getByRole('button', { name: /我的消息/ }).click();
    const message = items(page).first().locator('.notify-item__message');
    await message.locator('b', { hasText: '加粗' }).waitFor();
    await expect(message.locator('img, script').count()).resolves.toBe(0);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
