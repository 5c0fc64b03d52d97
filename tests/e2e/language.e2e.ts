import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import * as en from '../../src/i18n/en';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, holdPlayerBar, phoneMenuButton } from './support/harness';
import { administratorSession, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Every Chinese text of the catalogue of two characters or more (the switch's own 中文 names itself). */
function chineseTexts(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.length >= 2 && /\p{Script=Han}/u.test(value)) out.add(value);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) chineseTexts(item, out);
  return out;
}
const { language: _switch, ...interfaceAreas } = zhCN;
const CHINESE = [...chineseTexts(interfaceAreas)];

/** Console errors and uncaught exceptions: a hydration mismatch is logged as `hydration` (src/main.tsx). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/**
 * The catalogue's Chinese texts the page still shows, in its text or in the names and hints of its elements.
 * A text that the page's own data holds (the seed the server embedded: articles, site settings) is the site's
 * content, which stays as written.
 */
async function chineseInterfaceText(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ texts, root }) => {
      const data = document.getElementById('page-seed')?.textContent ?? '';
      const scope = document.querySelector<HTMLElement>(root);
      if (!scope) return [`no ${root}`];
      const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
      const shown = [
        scope.innerText,
        ...[...scope.querySelectorAll('*')].flatMap((element) =>
          attributes.map((name) => element.getAttribute(name) ?? ''),
        ),
      ].join('\n');
      return texts.filter((text) => shown.includes(text) && !data.includes(text));
    },
    { texts: CHINESE, root },
  );
}

async function waitForLanguage(page: Page, language: string) {
  await page.waitForFunction(
    (lang) => document.documentElement.lang === lang && document.documentElement.dataset.hydrated === 'true',
    language,
  );
}

describeInBrowser('the English interface', () => {
  let site: AccountsSite;
  let article: string;

  beforeAll(async () => {
    site = await startAccountsSite();
    const page = await site.newPage(DESKTOP);
    await openAt(page, '/archives');
    article = (await page.locator('main a[href^="/article?id="]').first().getAttribute('href')) ?? '';
    await page.context().close();
  });
  afterAll(() => site?.close());

  it('switches from the header: the page comes back in English, hydrates cleanly, and the choice stays', async () => {
    const page = await site.newPage(DESKTOP);
    const errors = errorsOf(page);
    await openAt(page, '/home');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    const header = page.locator('header.site-header');
    await header
      .getByRole('group', { name: zhCN.language.label })
      .getByRole('button', { name: zhCN.language.english })
      .click();
    await waitForLanguage(page, 'en');
    await expect(page.locator('meta[property="og:locale"]').getAttribute('content')).resolves.toBe('en_US');
    await header
      .getByRole('group', { name: en.language.label })
      .getByRole('button', { name: en.language.english, pressed: true })
      .waitFor();
    expect(await chineseInterfaceText(page)).toEqual([]);

    // A link followed inside the app, then a page loaded anew, then a reload: still English.
    await header.getByRole('link', { name: en.nav.archives }).click();
    await page.waitForURL('**/archives');
    await page.locator('main a[href^="/article?id="]:visible').first().waitFor();
    expect(await chineseInterfaceText(page, 'header')).toEqual([]);
    for (const pathname of ['/talk', article]) {
      await openAt(page, pathname);
      await waitForLanguage(page, 'en');
      expect(await chineseInterfaceText(page), pathname).toEqual([]);
    }
    await page.reload();
    await waitForLanguage(page, 'en');
    expect(errors).toEqual([]);

    // And back to Chinese.
    await header.getByRole('button', { name: en.language.chinese }).click();
    await waitForLanguage(page, 'zh-CN');
    await header.getByRole('link', { name: zhCN.nav.archives }).waitFor();
    expect(errors).toEqual([]);
  });

  it('switches from the phone drawer', async () => {
    const page = await site.newPage(PHONE);
    const errors = errorsOf(page);
    await openAt(page, '/home');
    await phoneMenuButton(page).click();
    const drawer = page.getByRole('dialog', { name: zhCN.nav.menu });
    await drawer.getByRole('button', { name: zhCN.language.english }).click();
    await waitForLanguage(page, 'en');
    expect(await chineseInterfaceText(page)).toEqual([]);
    await phoneMenuButton(page).click();
    await page.getByRole('dialog', { name: en.nav.menu }).getByRole('link', { name: en.nav.archives }).waitFor();
    expect(await chineseInterfaceText(page, '[role="dialog"]')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('follows a browser that prefers English until the reader chooses, and ?lang= names a language outright', async () => {
    const context = await site.newContext({ ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await openAt(page, '/home');
    await waitForLanguage(page, 'en');
    await openAt(page, '/home?lang=zh-CN');
    await waitForLanguage(page, 'zh-CN');
    await context.close();
  });

  it('finds songs by pinyin with the player in English', async () => {
    await site.server.music?.ready();
    const context = await site.newContext(DESKTOP);
    await context.addCookies([{ name: 'lang', value: 'en', url: site.baseUrl }]);
    const page = await context.newPage();
    await openAt(page, '/home');
    await waitForLanguage(page, 'en');
    await page.getByRole('button', { name: en.disc.openPlayer }).click();
    const overlay = page.getByRole('dialog', { name: en.music.player });
    await overlay.waitFor();
    await holdPlayerBar(page);
    await page.locator('.mp-bar').getByRole('button', { name: en.music.search }).click();
    const panel = page.getByRole('dialog', { name: en.music.search });
    await panel.getByRole('searchbox', { name: en.music.search }).fill('jingyesi');
    await panel.getByRole('button', { name: en.music.searchButton }).click();
    await expect.poll(() => panel.locator('.mp-row__name').allTextContents()).toEqual(['静夜思']);
    expect(await panel.locator('th').allTextContents()).toEqual(['#', en.music.columns.song, en.music.columns.author, en.music.columns.action]);
    await context.close();
  });

  it('shows the console in English', async () => {
    const context = await site.newContext(DESKTOP);
    await context.addCookies([
      { name: 'blog_session', value: await administratorSession(site), url: site.baseUrl },
      { name: 'lang', value: 'en', url: site.baseUrl },
    ]);
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: en.console.navigation })
      .getByRole('link', { name: en.console.nav.articles })
      .waitFor();
    // The console's frame (its data is the site's own content).
    expect(await chineseInterfaceText(page, 'nav')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
