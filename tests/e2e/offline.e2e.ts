import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { administratorSession, startAccountsSite, type AccountsSite } from './accountsSupport';
import { describeInBrowser, waitForPage } from './support/harness';

const text = zhCN.pwa;
const MARKER = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const ADMIN_PASSWORD = 'admin#offline2026';

/** Writes and publishes an article through the console's API, as the editor does. */
async function publish(site: AccountsSite, title: string): Promise<number> {
  const headers = { ...MARKER, cookie: `blog_session=${await administratorSession(site, ADMIN_PASSWORD)}` };
  const created = await fetch(`${site.baseUrl}/api/admin/articles`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title, content: '雨后的第一篇。', summary: '', cover: '', category: null, tags: [], pinned: false }),
  });
  const { result } = (await created.json()) as { result: { id: number } };
  const published = await fetch(`${site.baseUrl}/api/admin/articles/${result.id}/publish`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ publishAt: null }),
  });
  expect(((await published.json()) as { code: number }).code).toBe(0);
  return result.id;
}

describeInBrowser('installable and readable offline', () => {
  let site: AccountsSite;
  let context: BrowserContext;
  let page: Page;
  /** This site's own copy of the built client: a test releases a new worker into it. */
  let clientDir: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-offline-client-'));
    fs.cpSync(inject('e2eClientDir'), clientDir, { recursive: true });
    site = await startAccountsSite({ OFFLINE: 'on' }, clientDir);
    context = await site.newContext({ serviceWorkers: 'allow' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await site?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('reads an opened article offline, offers the offline page for another, and sees a new article once online', async () => {
    const home = await page.goto('/home');
    await waitForPage(page);
    // The server-rendered head links the manifest, the icons and both theme colours.
    const head = (await home!.text()).split('</head>')[0]!;
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    // A PNG favicon: an SVG one is drawn as a document of its own on the page's main thread.
    expect(head).toContain('<link rel="icon" href="/favicon-48.png" sizes="48x48" type="image/png" />');
    expect(head).not.toContain('favicon.svg');
    expect(head).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#0f1217">/);
    // Registered once the page is idle; the first worker takes the page at once.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-offline-ready'), undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const articles = await page.$$eval('.home__main a[href^="/article?id="]', (links) =>
      [...new Set(links.map((link) => link.getAttribute('href')!))],
    );
    expect(articles.length).toBeGreaterThan(1);
    const [opened, neverOpened] = articles as [string, string];
    await page.goto(opened);
    await waitForPage(page);
    const title = (await page.locator('meta[property="og:title"]').getAttribute('content'))!;
    const heading = await page.locator('main h1').first().innerText();

    await context.setOffline(true);
    await page.reload();
    await waitForPage(page);
    expect(await page.locator('main h1').first().innerText()).toBe(heading);

    // An article never opened: the offline page, listing the one that can be read.
    // (Not `page.goto`: this context's goto waits for hydration, and the offline page has no script.)
    await page.evaluate((href) => window.location.assign(href), neverOpened);
    const offlinePage = page.locator('[data-offline-page]');
    await offlinePage.waitFor();
    await expect(page.title()).resolves.toContain(text.offline.title);
    expect(await offlinePage.locator('h1').innerText()).toBe(text.offline.heading);
    const readable = offlinePage.locator('li a');
    expect(await readable.allInnerTexts()).toContain(title);
    await readable.filter({ hasText: title }).click();
    await waitForPage(page);
    expect(await page.locator('main h1').first().innerText()).toBe(heading);
    // The home page was loaded before the worker existed: the copy the page asked for is what shows now.
    await page.evaluate(() => window.location.assign('/home'));
    await waitForPage(page);
    expect(await page.locator('.home__main a[href^="/article?id="]').count()).toBeGreaterThan(1);

    await context.setOffline(false);
    const fresh = `雨停之后 ${Date.now()}`;
    const id = await publish(site, fresh);
    await page.goto('/home');
    await waitForPage(page);
    await page.reload();
    await waitForPage(page);
    await page.locator(`.home__main a[href="/article?id=${id}"]`).first().waitFor();
    // Still the same worker, nothing cleared: the answer came from the network first.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  });

  it('offline, the player says it needs a network instead of stopping silently', async () => {
    await site.server.music?.ready();
    await page.goto('/home');
    await waitForPage(page);
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).click();
    const row = page.locator('.mp-songs .mp-row').first();
    await row.waitFor();
    await context.setOffline(true);
    try {
      await row.click();
      await page.locator('.notice', { hasText: zhCN.music.needsNetwork }).waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('offers a new version in a bar: 稍后 puts it off, 刷新 lets the new worker take over and reloads', async () => {
    // The next release: the same worker with other bytes (the browser fetches the script itself, past page.route).
    fs.appendFileSync(path.join(clientDir, 'sw.js'), '\n// the next release\n');
    await page.goto('/home');
    await waitForPage(page);
    // The page listens for a new worker once it has registered its own.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-offline-ready'), undefined, { timeout: 20_000 });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const bar = page.locator('.update-bar', { hasText: text.update.available });
    await bar.waitFor();
    await bar.getByRole('button', { name: text.update.later }).click();
    await bar.waitFor({ state: 'detached' });

    // The new worker still waits: the next page offers it again, as soon as the worker is registered.
    await page.reload();
    await waitForPage(page);
    await bar.waitFor({ timeout: 20_000 });
    const waiting = () => page.evaluate(async () => ((await navigator.serviceWorker.getRegistration())?.waiting ?? null) !== null);
    expect(await waiting()).toBe(true);
    // The reload: this page's marker is gone once the new document is in.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await bar.getByRole('button', { name: text.update.reload }).click();
    await page.waitForFunction(() => !('beforeUpdate' in window) && document.readyState === 'complete');
    await waitForPage(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await waiting()).toBe(false);
    expect(await bar.count()).toBe(0);
  });
});
