import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration } from './support/harness';

const text = zhCN.consoleStats;
const MARKER = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const ADMIN_PASSWORD = 'admin#e2e2026';

async function administratorSession(site: AccountsSite): Promise<string> {
  const login = async (password: string) => {
    const response = await fetch(`${site.baseUrl}/api/user/login`, { method: 'POST', headers: MARKER, body: JSON.stringify({ username: 'admin', password }) });
    const token = /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    if (!token) throw new Error(`administrator login failed: ${await response.text()}`);
    return token;
  };
  const first = await login(site.adminPassword);
  const changed = await fetch(`${site.baseUrl}/api/user/updatePassword`, {
    method: 'PUT',
    headers: { ...MARKER, cookie: `blog_session=${first}` },
    body: JSON.stringify({ old_password: site.adminPassword, new_password: ADMIN_PASSWORD }),
  });
  expect(((await changed.json()) as { code: number }).code).toBe(0);
  return login(ADMIN_PASSWORD);
}

describeInBrowser('the console: statistics', () => {
  let site: AccountsSite;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    site = await startAccountsSite();
    const token = await administratorSession(site);
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: token, url: site.baseUrl }]);
    admin = await context.newPage();
    visitor = await site.newPage();
  }, 90_000);
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
