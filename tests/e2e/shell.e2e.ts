import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compactCount } from '../../src/domain/shared/compactCount';
import { CLIENT_ROUTES } from '../../src/protocol/routes';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, expectNoThirdPartyRequests, makeScrollable, open, scrollAndSettle, startSite, waitForPage, type Site } from './support/harness';

const ROUTES = CLIENT_ROUTES.filter((route) => route !== '/');

describeInBrowser('the site shell', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const header = (page: Page) => page.locator('header.site-header');
  const attribute = (page: Page, name: string) => () => header(page).getAttribute(name);

  it('redirects / to /home', async () => {
    const page = await site.newPage();
    await open(page, '/');
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it.each(ROUTES)('renders %s inside the layout with header and content', async (route) => {
    const page = await site.newPage();
    const response = await open(page, route);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(route);
    expect(await header(page).isVisible()).toBe(true);
    expect(await page.locator('main .not-found').count()).toBe(0);
    expect(await page.locator('main .page-error').count()).toBe(0);
    expect((await page.locator('main').innerText()).trim()).not.toBe('');
    expect(await page.locator('footer.site-footer').count()).toBe(route === '/message/chat' ? 0 : 1);
    expect(site.log(page).consoleErrors.filter((line) => line.startsWith('uncaught:'))).toEqual([]);
  });

  it('shows the 404 page with a link home for an unknown path, which the server answers with 404', async () => {
    const page = await site.newPage();
    const response = await open(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    const notFound = page.locator('main .not-found');
    expect(await notFound.innerText()).toContain(zhCN.notFound.message);
    expect(await header(page).isVisible()).toBe(true);
    await notFound.getByRole('link', { name: zhCN.notFound.goHome }).click();
    await page.waitForURL('**/home');
    // The address changes at the click, the page a render later: wait for the 404 page to go.
    await page.locator('main .not-found').waitFor({ state: 'detached' });
    await waitForPage(page);
  });

  it('shows the footer with the copyright and filing number, and hides it on /message/chat', async () => {
    const page = await site.newPage();
    const config = await site.api<{ name: string; filingNumber: string }>('/api/config');
    await open(page, '/home');
    const footer = page.locator('footer.site-footer');
    await expect.poll(() => footer.innerText()).toContain(config.result!.name);
    expect(await footer.innerText()).toContain(config.result!.filingNumber);
    await open(page, '/message/chat');
    expect(await footer.count()).toBe(0);
  });

  it('keeps the header transparent at the top and gives it a background past 50 px', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await makeScrollable(page);
    expect(await attribute(page, 'data-transparent')()).toBe('true');
    await scrollAndSettle(page, 100);
    await expect.poll(attribute(page, 'data-transparent')).toBe('false');
    await scrollAndSettle(page, 0);
    await expect.poll(attribute(page, 'data-transparent')).toBe('true');
  });

  it('hides the header while scrolling down and shows it again on the way up', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await makeScrollable(page);
    await page.mouse.move(640, 400);
    expect(await attribute(page, 'data-hidden')()).toBe('false');
    await page.mouse.wheel(0, 600);
    await expect.poll(attribute(page, 'data-hidden')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await page.mouse.wheel(0, -200);
    await expect.poll(attribute(page, 'data-hidden')).toBe('false');
    expect(await attribute(page, 'data-transparent')()).toBe('false');
  });

  it('brings what takes the focus into view below the header, which comes back on the way up', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await makeScrollable(page);
    const link = page.locator('main a[href^="/article?id="]').first();
    const linkTop = await link.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    // Scrolled down just past the link: the header has gone and the link's top is above the window.
    await scrollAndSettle(page, Math.round(linkTop) + 10);
    await expect.poll(attribute(page, 'data-hidden')).toBe('true');
    await link.focus();
    await expect.poll(attribute(page, 'data-hidden')).toBe('false');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const headerBottom = await page.locator('header.site-header').evaluate((header) => header.getBoundingClientRect().bottom);
    // Within a pixel: the window scrolls by whole pixels, the link's top may fall between two.
    expect(await link.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(headerBottom - 1);
  });

  it('offers back-to-top only after 200 px, and it takes the reader to the top', async () => {
    const page = await site.newPage();
    await open(page, '/archives');
    await makeScrollable(page);
    const button = page.locator(`button[aria-label="${zhCN.shell.backToTop}"]`);
    expect(await button.isDisabled()).toBe(true);
    await scrollAndSettle(page, 150);
    await page.waitForTimeout(100);
    expect(await button.isDisabled()).toBe(true);
    await scrollAndSettle(page, 900);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => button.isDisabled()).toBe(true);
  });

  it.each(['/home', '/message/list'])(
    'scrolls other pages to the top but brings the reader back to where they left %s',
    async (route) => {
      const page = await site.newPage();
      await open(page, route);
      await makeScrollable(page);
      await scrollAndSettle(page, 600);
      // The header may have slid away after scrolling down; a programmatic click still follows the link.
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header.site-header a[href="/archives"]')!.click());
      await page.waitForURL('**/archives');
      await waitForPage(page);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await page.waitForURL(`**${route}`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    },
  );

  it('switches the theme with the sun/moon switch and keeps it after a reload', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const initial = await theme();
    expect(['light', 'dark']).toContain(initial);
    const other = initial === 'dark' ? 'light' : 'dark';
    const toggle = page.locator('header.site-header .theme-switch');
    // Its name says the theme it switches to.
    const named = (shown: string) =>
      page.getByRole('button', { name: zhCN.theme.switchTo(shown === 'dark' ? zhCN.theme.light : zhCN.theme.dark), exact: true });
    expect(await named(initial!).count()).toBe(1);
    await toggle.click();
    await expect.poll(theme).toBe(other);
    expect(await named(other).count()).toBe(1);
    await page.reload();
    await waitForPage(page);
    expect(await theme()).toBe(other);
    await toggle.click();
    await expect.poll(theme).toBe(initial);
    await page.reload();
    await waitForPage(page);
    expect(await theme()).toBe(initial);
  });

  it('counts one view on the server per visit, not per page change, and shows it on the author card', async () => {
    const views = async () => (await site.api<{ viewCount: number }>('/api/config')).result!.viewCount;
    const before = await views();
    const page = await site.newPage();
    await open(page, '/home');
    await expect.poll(views).toBe(before + 1);
    const shownViews = page.locator('.author-card__facts div', { hasText: zhCN.home.totalViews }).locator('dd');
    await expect.poll(() => shownViews.textContent()).toBe(compactCount(before + 1, 'zh-CN'));
    await page.locator('header.site-header a[href="/archives"]').first().click();
    await page.waitForURL('**/archives');
    await waitForPage(page);
    await page.waitForTimeout(300);
    expect(await views()).toBe(before + 1);
  });

  it('greets a new visitor once, and not again on a reload in the same tab', async () => {
    const page = await site.newPage();
    await open(page, '/home');
    const welcome = page.locator('.notice', { hasText: zhCN.greeting.welcomeTitle });
    await welcome.first().waitFor();
    await page.reload();
    await waitForPage(page);
    await page.waitForTimeout(500);
    expect(await welcome.count()).toBe(0);
  });

  it('makes no request to any host but its own on /home', async () => {
    const page = await site.newPage();
    await page.goto('/home', { waitUntil: 'networkidle' });
    await waitForPage(page);
    expectNoThirdPartyRequests(site, page);
  });
});
