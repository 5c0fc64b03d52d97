import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, open, startSite, type Site } from './support/harness';

const http = zhCN.http;
const disc = zhCN.disc;

/**
 * Makes the server's answer to the one call every visit makes (PUT /api/config/addView; the page's data
 * comes with its server-rendered HTML) a failure with this status and envelope message.
 */
async function failVisitCount(page: Page, status: number, message: string) {
  await page.route('**/api/config/addView', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ code: status, result: null, message }),
    }),
  );
}

describeInBrowser('notices for failed API calls (spec section 8)', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it.each([
    { status: 401, message: '请先登录后再访问', title: http.errorTip, shown: '请先登录后再访问' },
    { status: 401, message: '', title: http.errorTip, shown: http.loginExpired },
    { status: 403, message: '只有站长可以这样做', title: http.errorTip, shown: '只有站长可以这样做' },
    { status: 403, message: '', title: http.errorTip, shown: http.forbidden },
    { status: 404, message: 'route missing', title: http.errorTip, shown: http.interfaceNotFound },
    { status: 429, message: '请求过于频繁，请稍后再试', title: http.friendlyReminder, shown: '请求过于频繁，请稍后再试' },
    { status: 500, message: '数据库维护中', title: http.errorTip, shown: '数据库维护中' },
    { status: 500, message: '', title: http.errorTip, shown: http.serverError },
  ])('HTTP $status with message $message shows $shown titled $title', async ({ status, message, title, shown }) => {
    const page = await site.newPage();
    await failVisitCount(page, status, message);
    await open(page, '/home');
    const notice = page.locator('.notice', { hasText: shown }).first();
    await notice.waitFor();
    expect((await notice.locator('.notice__title').innerText()).trim()).toBe(title);
    expect((await notice.locator('.notice__message').innerText()).trim()).toBe(shown);
    if (status === 404) expect(await page.locator('.notice', { hasText: message }).count()).toBe(0);
  });

  it('stays silent for a status the catalogue does not list (418)', async () => {
    const page = await site.newPage();
    await failVisitCount(page, 418, '我是茶壶');
    const answered = page.waitForResponse('**/api/config/addView');
    await open(page, '/home');
    await answered;
    await page.waitForTimeout(500);
    // The first visit's music hint shares its title (温馨提示) with the catalogue's reminders: it is told apart by its words.
    const notices = await page.locator('.notice').evaluateAll((shown) =>
      shown.map((notice) => [notice.querySelector('.notice__title')?.textContent ?? '', notice.querySelector('.notice__message')?.textContent ?? '']),
    );
    const fromCatalogue = notices.filter(([title, message]) => (title === http.errorTip || title === http.friendlyReminder) && message !== disc.startHint);
    expect(fromCatalogue).toEqual([]);
    expect(await page.locator('.notice', { hasText: '我是茶壶' }).count()).toBe(0);
  });
});
