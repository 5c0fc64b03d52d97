import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import {
  describeInBrowser,
  expectNoThirdPartyRequests,
  open,
  startSite,
  type Site,
} from './support/harness';

/** The chunks the idle prefetch fetches, by the source file Vite names them after, most likely first. */
const PREFETCHED_IN_ORDER = [
  'SearchDialog',
  'SearchPanel',
  'LoginDialog',
  'NotificationDrawer',
  'PlayerOverlay',
  'playerRuntime',
  'ChatDialog',
  'loadChatRoom',
];

const chunkPattern = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);

/** The JavaScript files the page has fetched so far, with when each started and ended (ms since navigation). */
function scriptEntries(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        url: entry.name,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
  );
}

/** Records the .js requests the page makes from now on. */
function recordScriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) urls.push(request.url());
  });
  return urls;
}

async function openSearch(page: Page) {
  await page.locator('header.site-header').getByRole('button', { name: zhCN.nav.search }).click();
  const dialog = page.getByRole('dialog', { name: zhCN.search.title });
  await dialog.getByPlaceholder(zhCN.search.placeholder).waitFor({ state: 'visible' });
  return dialog;
}

describeInBrowser('code fetched ahead of use', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('fetches the search dialog once the page is idle, so its first open makes no request for code', async () => {
    const page = await site.newPage({ idlePrefetch: true });
    await open(page, '/home');
    await page.waitForSelector('html[data-idle-prefetch="done"]');
    const fetched = await scriptEntries(page);
    expect(fetched.some((entry) => chunkPattern('SearchDialog').test(entry.url))).toBe(true);

    const requested = recordScriptRequests(page);
    const dialog = await openSearch(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(requested).toEqual([]);
    expectNoThirdPartyRequests(site, page);
  });

  it('fetches the parts one at a time, most likely first: search, login, message drawer, player, chat', async () => {
    const page = await site.newPage({ idlePrefetch: true });
    await open(page, '/home');
    await page.waitForSelector('html[data-idle-prefetch="done"]');
    const fetched = await scriptEntries(page);
    const chunks = PREFETCHED_IN_ORDER.map((name) => {
      const entry = fetched.find((candidate) => chunkPattern(name).test(candidate.url));
      expect(entry, `${name} was prefetched`).toBeDefined();
      return { name, ...entry! };
    });
    // One at a time: each starts only after the one before it has arrived.
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start, `${chunks[i]!.name} starts after ${chunks[i - 1]!.name}`).toBeGreaterThanOrEqual(
        chunks[i - 1]!.end,
      );
    }
  });

  it('fetches a page’s code once the reader reaches for a link to it: a mouse resting on it, a finger pressing it', async () => {
    // A reader who saves data: nothing is fetched ahead of the reader's own gestures.
    const page = await site.newPage();
    await open(page, '/home');
    const fetchedAtLoad = (await scriptEntries(page)).map((entry) => entry.url);
    for (const name of ['ArchivesPage', 'TalkPage'])
      expect(fetchedAtLoad.some((url) => chunkPattern(name).test(url)), `${name} before any gesture`).toBe(false);

    const requested = recordScriptRequests(page);
    // The desktop menu bar (the phone menu's links, hidden at this width, are in the header too).
    const nav = page.locator('header.site-header nav.nav');
    await nav.locator('a[href="/archives"]').hover();
    await expect.poll(() => requested.some((url) => chunkPattern('ArchivesPage').test(url))).toBe(true);
    expect(requested.some((url) => chunkPattern('TalkPage').test(url))).toBe(false);
    await nav.locator('a[href="/talk"]').dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await expect.poll(() => requested.some((url) => chunkPattern('TalkPage').test(url))).toBe(true);
    // Reaching is not following: the reader is still on the home page.
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('fetches nothing ahead when the reader saves data, and the search dialog then loads on its first open', async () => {
    // The suite's contexts are such a reader unless they ask for the prefetch (suiteContext).
    const page = await site.newPage({ idlePrefetch: false });
    await open(page, '/home');
    await page.waitForSelector('html[data-idle-prefetch="skipped"]');
    const fetched = await scriptEntries(page);
    for (const name of PREFETCHED_IN_ORDER)
      expect(fetched.some((entry) => chunkPattern(name).test(entry.url))).toBe(false);

    const requested = recordScriptRequests(page);
    await openSearch(page);
    expect(requested.some((url) => chunkPattern('SearchDialog').test(url))).toBe(true);
  });
});
