import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, open, startSite, waitForPage, type Site } from './support/harness';

const text = zhCN.contextMenu;

describeInBrowser('the right-click menu', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const menu = (page: Page) => page.getByRole('menu', { name: text.label });

  async function openMenu(page: Page, x = 640, y = 420) {
    await page.mouse.click(x, y, { button: 'right' });
    await menu(page).waitFor();
  }

  async function choose(page: Page, label: string) {
    await openMenu(page);
    await menu(page).getByRole('menuitem', { name: label, exact: true }).click();
  }

  const pathname = (page: Page) => () => new URL(page.url()).pathname + new URL(page.url()).search;

  it('offers the eight actions, with the theme item naming the other theme', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    await openMenu(page);
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    const labels = (await menu(page).getByRole('menuitem').allInnerTexts()).map((label) => label.trim());
    expect(labels).toEqual([
      text.refresh,
      text.back,
      text.forward,
      text.copyLink,
      theme === 'dark' ? text.toLight : text.toDark,
      text.addLink,
      text.randomArticle,
      text.allCategories,
    ]);
  });

  it('stays inside the window when opened near its corner, and closes on any click', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    const { width, height } = page.viewportSize()!;
    await openMenu(page, width - 3, height - 3);
    const box = (await menu(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    await page.mouse.click(200, 300);
    await menu(page).waitFor({ state: 'detached' });
  });

  it('leaves the browser its own menu on Ctrl+right-click', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    await page.keyboard.down('Control');
    await page.mouse.click(640, 420, { button: 'right' });
    await page.keyboard.up('Control');
    await page.waitForTimeout(200);
    expect(await menu(page).count()).toBe(0);
  });

  it('刷新页面 reloads the page', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await choose(page, text.refresh);
    await page.waitForFunction(() => !('beforeReload' in window));
    await waitForPage(page);
    expect(pathname(page)()).toBe('/archives');
    const navigation = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    );
    expect(navigation).toBe('reload');
  });

  it('后退 and 前进 walk the browser history', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    await choose(page, text.allCategories);
    await expect.poll(pathname(page)).toBe('/category');
    await waitForPage(page);
    await choose(page, text.back);
    await expect.poll(pathname(page)).toBe('/home');
    await waitForPage(page);
    await choose(page, text.forward);
    await expect.poll(pathname(page)).toBe('/category');
  });

  it('复制链接 copies the current address and says so', async () => {
    const page = await site.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await open(page, '/talk?id=2');
    await choose(page, text.copyLink);
    await page.locator('.notice', { hasText: text.linkCopied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.baseUrl}/talk?id=2`);
  });

  it('the theme item switches to the theme it names', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const initial = await theme();
    await choose(page, initial === 'dark' ? text.toLight : text.toDark);
    await expect.poll(theme).toBe(initial === 'dark' ? 'light' : 'dark');
    await openMenu(page);
    expect(await menu(page).getByRole('menuitem', { name: initial === 'dark' ? text.toDark : text.toLight }).count()).toBe(1);
  });

  it('添加友链 goes to the friend links', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    await choose(page, text.addLink);
    await expect.poll(pathname(page)).toBe('/link/list');
  });

  it('全部分类 goes to the categories', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await choose(page, text.allCategories);
    await expect.poll(pathname(page)).toBe('/category');
  });

  it('随便逛逛 opens a random article, or logs 没有可用的文章 ID when there is none', async () => {
    const response = await fetch(`${site.baseUrl}/api/article/blogHomeGetArticleList/1/999`);
    const body = (await response.json().catch(() => null)) as { code?: number; result?: { list?: { id: number }[] } } | null;
    const ids = body?.code === 0 ? (body.result?.list ?? []).map((article) => article.id) : [];

    const page = await site.newPage();
    await open(page, '/home');
    await choose(page, text.randomArticle);
    if (ids.length > 0) {
      await expect.poll(() => new URL(page.url()).pathname).toBe('/article');
      expect(ids).toContain(Number(new URL(page.url()).searchParams.get('id')));
    } else {
      await expect.poll(() => site.log(page).consoleErrors).toContain(text.noArticleIds);
      expect(pathname(page)()).toBe('/home');
    }
  });
});
