import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../src/i18n/zh-CN';
import type { TagDto } from '../../src/protocol/content';
import { startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser } from './support/harness';

const text = zhCN.consoleSite;
const NAME = '雨后听松';
const NOTICE = '本周六晚上十点停机维护一小时。';
const LINK = { name: '松间明月', url: 'https://moon.example/' };

async function call(site: AccountsSite, method: string, path: string, body: object, token = ''): Promise<string> {
  const response = await fetch(`${site.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(token ? { cookie: `blog_session=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return /blog_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? token;
}

/** Opens a console section from the side navigation (no page load). */
async function openSection(page: Page, label: string) {
  await page.getByRole('navigation', { name: zhCN.console.navigation }).getByRole('link', { name: label }).click();
}

describeInBrowser("the console's site settings, tags and links", () => {
  let site: AccountsSite;
  let adminToken: string;
  /** The demo's two most used tags: the second is merged into the first. */
  let kept: TagDto;
  let merged: TagDto;

  beforeAll(async () => {
    site = await startAccountsSite();
    const first = await call(site, 'POST', '/api/user/login', { username: 'admin', password: site.adminPassword });
    await call(site, 'PUT', '/api/user/updatePassword', { old_password: site.adminPassword, new_password: 'admin#own2026' }, first);
    adminToken = await call(site, 'POST', '/api/user/login', { username: 'admin', password: 'admin#own2026' });
    const tags = ((await (await fetch(`${site.baseUrl}/api/tag/getAll`)).json()) as { result: TagDto[] }).result;
    [kept, merged] = tags as [TagDto, TagDto];
  });
  afterAll(() => site?.close());

  it('the console, sent without a body, starts its app at once: no mouse or key needed (a phone gives none)', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl });
    await context.addCookies([{ name: 'blog_session', value: adminToken, url: site.baseUrl }]);
    const page = await context.newPage();
    // Whether the app's start was on the page before the load event: a page with a body waits past it (for
    // intent or a quiet page), one without must not.
    await page.addInitScript(() => {
      const noted = window as unknown as { startedBeforeLoad?: boolean };
      const entry = new MutationObserver(() => {
        // The start adds the first of its module scripts (React's chunk, then the others, src/boot.ts).
        if (!document.querySelector('script[type="module"][src*="/assets/"]')) return;
        noted.startedBeforeLoad ??= document.readyState !== 'complete';
        entry.disconnect();
      });
      entry.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/admin/site');
    await page.getByRole('form', { name: text.settings.title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { startedBeforeLoad?: boolean }).startedBeforeLoad)).toBe(true);
    await context.close();
  });

  it('the administrator renames the site, sets the notice and the /archives banner, merges two tags and adds a link', async () => {
    const context = await site.newContext();
    await context.addCookies([{ name: 'blog_session', value: adminToken, url: site.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/admin/site');

    const form = page.getByRole('form', { name: text.settings.title });
    await form.getByLabel(text.settings.name, { exact: true }).fill(NAME);
    await form.getByLabel(text.settings.notice, { exact: true }).fill(NOTICE);
    await expect(form.getByRole('status').textContent()).resolves.toBe(text.settings.unsaved);
    await form.getByRole('button', { name: text.save }).click();
    await form.getByRole('status').filter({ hasText: text.settings.allSaved }).waitFor();

    const slot = page.getByRole('group', { name: text.settings.pages['/archives'] });
    const before = await slot.getByRole('img').getAttribute('src');
    const picture = await sharp({ create: { width: 480, height: 180, channels: 3, background: '#2e7d5b' } }).png().toBuffer();
    await slot.locator('input[type="file"]').setInputFiles({ name: '松林.png', mimeType: 'image/png', buffer: picture });
    await page.getByText(text.settings.bannerSaved(text.settings.pages['/archives']!)).waitFor();
    const banner = await slot.getByRole('img').getAttribute('src');
    expect(banner).toMatch(/^\/media\/.+\.webp$/);
    expect(banner).not.toBe(before);

    await openSection(page, zhCN.console.nav.taxonomy);
    const tags = page.getByRole('region', { name: text.taxonomy.tags });
    const row = tags.getByRole('row').filter({ has: page.getByText(merged.name, { exact: true }) });
    await row.getByRole('button', { name: text.taxonomy.merge }).click();
    const dialog = page.getByRole('dialog', { name: text.taxonomy.mergeTitle(merged.name) });
    await dialog.getByLabel(text.taxonomy.mergeInto).selectOption(String(kept.id));
    await dialog.getByRole('button', { name: text.taxonomy.merge }).click();
    await row.waitFor({ state: 'detached' });
    // The kept tag now counts the articles of both.
    await tags.getByRole('row').filter({ has: page.getByText(kept.name, { exact: true }) }).getByText(/^\d+ 篇$/).waitFor();

    await openSection(page, zhCN.console.nav.links);
    await page.getByRole('button', { name: text.links.add }).click();
    const add = page.getByRole('dialog', { name: text.links.addTitle });
    await add.getByLabel(text.links.name, { exact: true }).fill(LINK.name);
    await add.getByLabel(text.links.url, { exact: true }).fill(LINK.url);
    await add.getByRole('button', { name: text.save }).click();
    await add.waitFor({ state: 'detached' });
    // Added by the blogger, it is approved at once: the page shows it under 已通过.
    await page.getByRole('tab', { name: new RegExp(`^${text.links.approved}`), selected: true }).waitFor();
    await page.getByRole('tabpanel').getByText(LINK.name, { exact: true }).waitFor();
    await context.close();

    // A visitor sees all of it at once, in the pages as the server renders them and in the browser.
    const home = await (await fetch(`${site.baseUrl}/home`)).text();
    expect(home).toContain(NAME);
    expect(home).toContain(NOTICE);

    const visitor = await site.newPage();
    await visitor.goto('/home');
    await visitor.locator('.page-banner__title', { hasText: NAME }).waitFor();
    await visitor.locator('.author-card__notice', { hasText: NOTICE }).waitFor();

    await visitor.goto('/archives');
    await expect(visitor.locator('.page-banner__image').getAttribute('src')).resolves.toBe(banner);

    await visitor.goto('/tag');
    // Each tag's link starts with its name, then its count.
    const shown = await visitor.locator('.tag-wall .tag-cloud__tag').evaluateAll((links) => links.map((link) => link.firstChild?.textContent));
    expect(shown).toContain(kept.name);
    expect(shown).not.toContain(merged.name);

    await visitor.goto('/link/list');
    const card = visitor.locator('.link-card', { has: visitor.locator('.link-card__name', { hasText: LINK.name }) });
    await expect(card.getAttribute('href')).resolves.toBe(LINK.url);
  });
});
