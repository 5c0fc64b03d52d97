import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { HotArticleDto, SearchResultDto } from '../../src/protocol/content';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, expectNoThirdPartyRequests, open, startSite, type Site } from './support/harness';

const text = zhCN.search;

describeInBrowser('the search dialog', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function searchApi(keyword: string): Promise<SearchResultDto[]> {
    const body = await site.api<SearchResultDto[]>(`/api/article/getArticleListByContent/${encodeURIComponent(keyword)}`);
    expect(body.code).toBe(0);
    return body.result!;
  }

  async function openDialog(page: Page): Promise<Locator> {
    await page.locator('header.site-header').getByRole('button', { name: zhCN.nav.search }).click();
    const dialog = page.getByRole('dialog', { name: text.title });
    await dialog.getByPlaceholder(text.placeholder).waitFor();
    return dialog;
  }

  /** Types like a reader (one key at a time) and waits for the answer to this keyword. */
  async function typeAndWait(dialog: Locator, keyword: string): Promise<void> {
    const box = dialog.getByPlaceholder(text.placeholder);
    await box.fill('');
    await box.pressSequentially(keyword, { delay: 30 });
    await expect
      .poll(async () => {
        const status = await dialog.locator('.search-status').first().innerText().catch(() => '');
        return status !== text.searching && status !== '';
      })
      .toBe(true);
  }

  it.each([
    ['雨', 'a one-character keyword'],
    ['惊蛰', 'a two-character keyword'],
    ['有限状态机', 'a longer keyword'],
  ])('finds %s (%s), highlights it and opens the article', async (keyword) => {
    const expected = await searchApi(keyword);
    expect(expected.length).toBeGreaterThan(0);
    const page = await site.newPage();
    await open(page, '/home');
    const dialog = await openDialog(page);
    await typeAndWait(dialog, keyword);

    const titles = dialog.locator('.search-result__title');
    await expect.poll(() => titles.allInnerTexts()).toEqual(expected.map((hit) => hit.article_title));
    const marks = await dialog.locator('.search-result mark').allInnerTexts();
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.toLowerCase()).toBe(keyword.toLowerCase());
    // The matched text and the rest of the content are there, around the match.
    const firstBodyHit = expected.findIndex((hit) => hit.match !== '');
    if (firstBodyHit >= 0) {
      const content = await dialog.locator('.search-result__content').nth(firstBodyHit).innerText();
      expect(content).toContain(keyword);
      expect(content.length).toBeGreaterThan(keyword.length);
    }

    await dialog.locator('.search-result').first().click();
    await page.waitForURL(`**/article?id=${expected[0]!.id}`);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('.page-banner__title:visible').innerText()).toBe(expected[0]!.article_title);
    expectNoThirdPartyRequests(site, page);
  });

  it('shows what the server finds for keywords with % and _, and says so when nothing matches', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    const dialog = await openDialog(page);
    for (const keyword of ['%', '_雨_', '不存在的词语组合']) {
      await typeAndWait(dialog, keyword);
      const expected = await searchApi(keyword);
      if (expected.length === 0) expect(await dialog.locator('.search-status').innerText()).toBe(text.noResults(keyword));
      else expect(await dialog.locator('.search-result__title').count()).toBe(expected.length);
    }
  });

  it('shows the hot list numbered ① to ⑤ when the box is empty, and a hot article opens', async () => {
    const hot = (await site.api<HotArticleDto[]>('/api/article/getHotArticle')).result!;
    expect(hot.length).toBe(5);
    const page = await site.newPage();
    await open(page, '/home');
    const dialog = await openDialog(page);
    await expect.poll(() => dialog.locator('.search-hot__rank').allInnerTexts()).toEqual(['①', '②', '③', '④', '⑤']);
    expect(await dialog.locator('.search-hot__title').allInnerTexts()).toEqual(hot.map((a) => a.article_title));
    await dialog.locator('.search-hot__item').nth(2).click();
    await page.waitForURL(`**/article?id=${hot[2]!.id}`);
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('keeps at most ten searched terms, newest first, moving a repeated term up, across reloads, until cleared', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    let dialog = await openDialog(page);
    const history = dialog.locator('.search-history__term');
    expect(await dialog.locator('.search-section__empty').first().innerText()).toBe(text.noHistory);

    const terms = ['雨', '惊蛰', '状态机', 'SQLite', 'Vite', '宋词', '晨跑', 'React', '频谱', '命令行', '容器'];
    const box = dialog.getByPlaceholder(text.placeholder);
    for (const term of terms) {
      await box.fill(term);
      await box.press('Enter');
      await expect.poll(async () => (await dialog.locator('.search-status').first().innerText()) !== text.searching).toBe(true);
    }
    await box.fill('');
    const newestFirst = [...terms].reverse();
    await expect.poll(() => history.allInnerTexts()).toEqual(newestFirst.slice(0, 10));

    // Searching an older term again moves it to the front instead of repeating it.
    await history.filter({ hasText: '宋词' }).click();
    await expect.poll(() => dialog.locator('.search-result__title').count()).toBeGreaterThan(0);
    await box.fill('');
    await expect.poll(() => history.allInnerTexts()).toEqual(['宋词', ...newestFirst.slice(0, 10).filter((t) => t !== '宋词')]);

    await page.reload();
    dialog = await openDialog(page);
    await expect.poll(() => dialog.locator('.search-history__term').allInnerTexts()).toEqual([
      '宋词',
      ...newestFirst.slice(0, 10).filter((t) => t !== '宋词'),
    ]);

    await dialog.getByRole('button', { name: text.clearHistory }).click();
    await expect.poll(() => dialog.locator('.search-history__term').count()).toBe(0);
    expect(await dialog.locator('.search-section__empty').first().innerText()).toBe(text.noHistory);
    await page.reload();
    dialog = await openDialog(page);
    expect(await dialog.locator('.search-history__term').count()).toBe(0);
  });

  it('closes with Escape and keeps the page where it was', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    const dialog = await openDialog(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/archives');
  });
});
