import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorPage, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration } from './support/harness';

const text = zhCN.consoleStats;

describeInBrowser('the console: statistics', () => {
  let site: AccountsSite;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    site = await startAccountsSite();
    admin = await administratorPage(site);
    visitor = await site.newPage();
  });
  afterAll(() => site?.close());

  it('counts a visitor’s served page and in-app navigation, and shows them to the administrator with a chart and a CSV', async () => {
    // A visitor lands on the archive (counted by the server) and moves to the home page inside the app.
    await visitor.goto('/archives');
    await waitForHydration(visitor);
    const beacon = visitor.waitForRequest((request) => request.url().endsWith('/api/stats/view') && request.method() === 'POST');
    await visitor.locator('a.site-header__brand').click();
    await visitor.waitForURL('**/home');
    expect(JSON.parse((await beacon).postData() ?? '{}')).toEqual({ path: '/home' });
    await (await beacon).response();

    await admin.goto('/admin/stats');
    await waitForHydration(admin);
    await admin.getByRole('heading', { level: 1, name: text.title }).waitFor();
    const views = admin.locator('.overview-stat', { hasText: text.totals.views }).locator('.overview-stat__value');
    await expect.poll(() => views.textContent()).toBe('2');
    const landings = admin.locator('.stats-table', { hasText: text.tables.landings.title });
    await expect.poll(() => landings.locator('td').first().textContent()).toBe('/archives');
    expect(await admin.locator('.stats-chart canvas').count()).toBeGreaterThanOrEqual(3);

    const [download] = await Promise.all([admin.waitForEvent('download'), landings.getByRole('link', { name: text.download }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF页面,次数,访客\r\n')).toBe(true);
    expect(csv).toContain('/archives,1,1\r\n');

    // The administrator's own visit to the console is not counted, and the 30-day range answers too.
    await admin.getByRole('button', { name: text.ranges[30] }).click();
    await expect.poll(() => views.textContent()).toBe('2');
  });
});
