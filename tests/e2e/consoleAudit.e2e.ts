import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorPage, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForHydration } from './support/harness';

const text = zhCN.consoleAudit;

describeInBrowser('the console: the administrator’s log', () => {
  let site: AccountsSite;
  let admin: Page;

  beforeAll(async () => {
    site = await startAccountsSite();
    admin = await administratorPage(site);
  });
  afterAll(() => site?.close());

  it('lists a console change and the sign-in, filters by kind, and downloads the same search as CSV', async () => {
    // A change made in the console: a new tag.
    await admin.goto('/admin/taxonomy');
    await waitForHydration(admin);
    const created = admin.waitForResponse((response) => /\/api\/admin\/taxonomy\/tags$/.test(response.url()) && response.request().method() === 'POST');
    await admin.evaluate(async () => {
      await fetch('/api/admin/taxonomy/tags', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ name: '日志里的标签' }),
      });
    });
    expect((await created).ok()).toBe(true);

    await admin.goto('/admin/audit');
    await waitForHydration(admin);
    await admin.getByRole('heading', { level: 1, name: text.title }).waitFor();
    const rows = admin.locator('.audit-row');
    await expect.poll(() => rows.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('日志里的标签'), expect.stringContaining(`${text.verbs.signIn}「admin」`)]),
    );

    await admin.getByLabel(text.filters.area).selectOption('security');
    await expect.poll(async () => (await rows.allTextContents()).every((row) => row.includes(text.areas.security))).toBe(true);
    expect(await rows.count()).toBeGreaterThan(0);

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: text.download }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith(`\uFEFF${Object.values(text.csv).join(',')}\r\n`)).toBe(true);
    expect(csv).toContain(`${text.verbs.signIn}「admin」`);
    expect(csv).not.toContain('日志里的标签');
  });
});
