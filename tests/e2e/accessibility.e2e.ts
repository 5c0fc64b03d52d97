import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Theme } from '../../src/domain/theme/theme';
import * as en from '../../src/i18n/en';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, phoneMenuButton } from './support/harness';
import { administratorSession, createUser, openAt, startAccountsSite, type AccountsSite } from './accountsSupport';
import { consolePathsOf, openConsoleAt } from './support/consolePages';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** axe-core's browser script, put into each page the file audits. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's analysis of the page as it is, as `AxeBuilder.analyze` makes it (`runPartial`, then `finishRun`),
 * with axe put into each document once and the run finished in the page itself: the builder (@axe-core/playwright)
 * injects axe anew on every analysis and finishes it in a blank page opened for the purpose, three times the
 * setting up.
 */
async function axeViolations(page: Page, options: Axe.RunOptions): Promise<Axe.AxeResults['violations']> {
  // The site has no frames; one would need a partial run of its own.
  expect(page.frames()).toHaveLength(1);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const partial = await axe.runPartial(document, runOptions);
    return (await axe.finishRun([partial], runOptions)).violations;
  }, options);
}

/** What the issue holds the site to: no violation a reader would be blocked or badly hindered by. */
const BLOCKING = new Set(['serious', 'critical']);

interface Finding {
  where: string;
  rule: string;
  targets: string[];
}

/** Pages of the demo content found by following the site's own links. */
interface Paths {
  article: string;
  category: string;
  tag: string;
  album: string;
}

describeInBrowser('no reader left out: axe-core finds nothing serious, in both themes, on desktop and phone', () => {
  let site: AccountsSite;
  let paths: Paths;

  beforeAll(async () => {
    site = await startAccountsSite();
    // The lyric board needs the demo album scanned.
    await site.server.music?.ready();
    const page = await site.newPage(DESKTOP);
    const firstLink = async (pathname: string, prefix: string) => {
      await openAt(page, pathname);
      const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
      if (!href) throw new Error(`no link to ${prefix} on ${pathname}`);
      return href;
    };
    paths = {
      article: await firstLink('/archives', '/article?id='),
      category: await firstLink('/category', '/articleList?categoryId='),
      tag: await firstLink('/tag', '/articleList?tagId='),
      album: await firstLink('/photoAlbum', '/photos?id='),
    };
    await page.context().close();
  });
  afterAll(() => site?.close());

  /** Switches the theme the way a reader does, through the header's switch, and waits for the colours to settle. */
  async function useTheme(page: Page, theme: Theme) {
    const current = await page.evaluate(() => document.documentElement.dataset.theme);
    // A script click: an open modal dialog makes the header inert to the pointer, not to the switch's handler.
    // The console has no switch: it follows the site's theme, which it shows as the attribute says.
    if (current !== theme && (await page.locator('.theme-switch').count()))
      await page.locator('.theme-switch').evaluate((button: HTMLElement) => button.click());
    else if (current !== theme) await page.evaluate((wanted) => (document.documentElement.dataset.theme = wanted), theme);
    await page.waitForFunction((wanted) => document.documentElement.dataset.theme === wanted, theme);
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
    );
  }

  /**
   * Runs axe-core on the page as it is and records what is serious or critical: every rule in the dark theme,
   * then, since a theme changes only colours, the contrast rule alone in the light one (half the time).
   */
  async function audit(page: Page, where: string, findings: Finding[]) {
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      // label-content-name-mismatch is still marked experimental in axe-core 4.x, so it is asked for by name.
      // Only violations are read: axe then lists one node per passed or inapplicable rule, not every one.
      const violations = await axeViolations(page, {
        resultTypes: ['violations'],
        rules: { 'label-content-name-mismatch': { enabled: true } },
        ...(theme === 'light' ? { runOnly: { type: 'rule', values: ['color-contrast'] } } : {}),
      });
      for (const violation of violations) {
        if (!BLOCKING.has(violation.impact ?? '')) continue;
        findings.push({
          where: `${where} (${theme})`,
          rule: violation.id,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        });
      }
    }
  }

  /** The reading pages a visitor reaches, each audited where it opens. */
  async function auditReadingPages(page: Page, findings: Finding[]) {
    for (const pathname of [
      '/home',
      paths.article,
      '/archives',
      '/talk',
      '/message/list',
      paths.category,
      paths.tag,
      paths.album,
    ]) {
      await openAt(page, pathname);
      await audit(page, pathname, findings);
    }
  }

  async function auditSearchAndBoard(page: Page, findings: Finding[]) {
    await openAt(page, '/home');
    await page.locator('header.site-header').getByRole('button', { name: zhCN.nav.search }).click();
    await page.getByRole('dialog', { name: zhCN.search.title }).waitFor();
    await audit(page, 'search dialog', findings);
    await page.keyboard.press('Escape');

    // A first visit: the board opens empty, and its play button starts the first song of 热歌榜.
    await openAt(page, '/home?showSpecial');
    const board = page.locator('.lyric-board');
    await board.getByRole('button', { name: zhCN.music.lyricBoard.play, exact: true }).click();
    await board.locator('.sp-line').first().waitFor({ state: 'attached' });
    // Paused, so the karaoke holds still while axe-core measures its colours.
    await board.getByRole('button', { name: zhCN.music.lyricBoard.pause, exact: true }).click();
    await audit(page, 'lyric board (SPECIAL)', findings);
    await page.getByRole('button', { name: zhCN.music.lyricBoard.toCommon }).click();
    await page.locator('.lb-line').first().waitFor();
    await audit(page, 'lyric board (COMMON)', findings);
  }

  /** Signed in: the personal centre, the message drawer and the chat room. */
  async function auditSignedIn(page: Page, findings: Finding[]) {
    await openAt(page, '/userCenter');
    await page.getByRole('button', { name: zhCN.account.center.logout }).waitFor();
    await audit(page, '/userCenter', findings);

    await openAt(page, '/home');
    await page.getByRole('button', { name: /我的消息/ }).click();
    await page.getByRole('dialog', { name: zhCN.notify.title }).getByText('无障碍检查的消息').waitFor();
    await audit(page, 'notifications drawer', findings);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: zhCN.chatButton.openRoom }).click();
    await page
      .getByRole('dialog', { name: zhCN.chat.title })
      .getByText(/在线人数 \d+ 人/)
      .waitFor({ timeout: 15_000 });
    await audit(page, 'chat room', findings);
  }

  async function signIn(page: Page, username: string, password: string) {
    const dialog = page.getByRole('dialog', { name: zhCN.account.loginTitle });
    await dialog.getByLabel(zhCN.account.username).fill(username);
    await dialog.getByLabel(zhCN.account.password).fill(password);
    await dialog.getByLabel(zhCN.account.password).press('Enter');
    await dialog.waitFor({ state: 'detached' });
  }

  it('on a desktop (1280 wide): every page, the dialogs, the drawer, the player and the chat room', async () => {
    const user = await createUser(site);
    await site.server.notifications.toUser(user.id, { type: 3, message: '无障碍检查的消息', toId: null });
    const page = await site.newPage(DESKTOP);
    const findings: Finding[] = [];

    await auditReadingPages(page, findings);
    await auditSearchAndBoard(page, findings);
    await openAt(page, '/home');
    await page.getByRole('button', { name: zhCN.nav.login, exact: true }).click();
    await page.getByRole('dialog', { name: zhCN.account.loginTitle }).waitFor();
    await audit(page, 'login dialog', findings);
    await signIn(page, user.username, user.password);
    await auditSignedIn(page, findings);

    expect(findings).toEqual([]);
  }, 600_000);

  it('on a phone (390 wide): every page, the menu drawer, the dialogs, the player and the chat room', async () => {
    const user = await createUser(site);
    await site.server.notifications.toUser(user.id, { type: 3, message: '无障碍检查的消息', toId: null });
    const page = await site.newPage(PHONE);
    const findings: Finding[] = [];

    await auditReadingPages(page, findings);
    await auditSearchAndBoard(page, findings);
    await openAt(page, '/home');
    await phoneMenuButton(page).click();
    const menu = page.getByRole('dialog', { name: zhCN.nav.menu });
    await menu.waitFor();
    await audit(page, 'menu drawer', findings);
    await menu.getByRole('button', { name: zhCN.nav.goLogin }).click();
    await page.getByRole('dialog', { name: zhCN.account.loginTitle }).waitFor();
    await audit(page, 'login dialog', findings);
    await signIn(page, user.username, user.password);
    await auditSignedIn(page, findings);

    expect(findings).toEqual([]);
  }, 600_000);

  it('the console (issue 48): every page of it, as the administrator, on a desktop', async () => {
    const context = await site.newContext(DESKTOP);
    await context.addCookies([{ name: 'blog_session', value: await administratorSession(site), url: site.baseUrl }]);
    const page = await context.newPage();
    const findings: Finding[] = [];
    // One browser, the pages in sequence: the console's frame is the same on each, its sections differ.
    for (const pathname of await consolePathsOf(site.baseUrl)) {
      await openConsoleAt(page, pathname);
      await audit(page, pathname, findings);
    }
    expect(findings).toEqual([]);
    await context.close();
  }, 600_000);

  it('in English (issue 25): reading pages and the lyric board on a desktop, pages and the menu drawer on a phone', async () => {
    // English changes words, not colours or structure: a handful of pages, the phone's drawer and the board.
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await site.newContext(viewport);
      await context.addCookies([{ name: 'lang', value: 'en', url: site.baseUrl }]);
      const page = await context.newPage();
      const findings: Finding[] = [];
      const pathnames =
        viewport === DESKTOP ? ['/home', paths.article, '/talk', '/message/list'] : ['/home', paths.article];
      for (const pathname of pathnames) {
        await openAt(page, pathname);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        await audit(page, pathname, findings);
      }
      if (viewport === PHONE) {
        await phoneMenuButton(page).click();
        await page.getByRole('dialog', { name: en.nav.menu }).waitFor();
        await audit(page, 'menu drawer', findings);
      } else {
        await openAt(page, '/home?showSpecial');
        const board = page.locator('.lyric-board');
        await board.getByRole('button', { name: en.music.lyricBoard.play, exact: true }).click();
        await board.locator('.sp-line').first().waitFor({ state: 'attached' });
        await board.getByRole('button', { name: en.music.lyricBoard.pause, exact: true }).click();
        await audit(page, 'lyric board', findings);
      }
      expect(findings).toEqual([]);
      await context.close();
    }
  }, 600_000);

  it('the header, the player bar and the page are reached with Tab, each with a visible focus ring', async () => {
    const page = await site.newPage(DESKTOP);
    await openAt(page, '/home');
    const stops: { name: string; ring: boolean }[] = [];
    const walk = async (key: string, count: number) => {
      for (let i = 0; i < count; i++) {
        await page.keyboard.press(key);
        stops.push(
          await page.evaluate(() => {
            const element = document.activeElement as HTMLElement;
            const style = getComputedStyle(element);
            const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
            return {
              name: `${element.tagName.toLowerCase()}.${element.className}`,
              ring: outlined || style.boxShadow !== 'none',
            };
          }),
        );
      }
    };
    // Through the header, then from the footer's last link on through the floating controls after it.
    await walk('Tab', 14);
    await page.locator('footer a').last().focus();
    await walk('Tab', 4);
    expect(stops.some((stop) => stop.name.startsWith('a.nav__link'))).toBe(true);
    expect(stops.some((stop) => stop.name.startsWith('button.music-disc__open'))).toBe(true);
    expect(stops.some((stop) => stop.name.startsWith('button.music-disc__toggle'))).toBe(true);
    expect(stops.filter((stop) => !stop.ring)).toEqual([]);
  });

  it('the audit sees what it is there to find: a button with no name, and pale text in either theme', async () => {
    const page = await site.newPage(DESKTOP);
    await openAt(page, '/home');
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML(
        'afterbegin',
        '<button id="unnamed"></button><p id="pale" style="color:#ddd;background:#fff">看不清的字</p>',
      );
    });
    const findings: Finding[] = [];
    await audit(page, 'a page made wrong', findings);
    const found = (rule: string, theme: Theme) =>
      findings.some((finding) => finding.rule === rule && finding.where.endsWith(`(${theme})`));
    expect(found('button-name', 'dark'), JSON.stringify(findings)).toBe(true);
    for (const theme of ['dark', 'light'] as const)
      expect(found('color-contrast', theme), JSON.stringify(findings)).toBe(true);
  });

  it('prefers-reduced-motion: the disc does not spin and the banner does not move', async () => {
    const page = await site.newPage(DESKTOP);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openAt(page, '/home');
    const discAnimation = () =>
      page.locator('.music-disc__record').evaluate((record) => getComputedStyle(record).animationName);
    const bannerMoving = () =>
      page.evaluate(() => {
        const banner = document.querySelector('.page-banner');
        if (!banner) throw new Error('no banner on /home');
        return banner.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length;
      });
    // With motion welcome the disc has its spin (it turns while a song plays).
    expect(await discAnimation()).toBe('music-disc-spin');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await page.locator('.music-disc__record').waitFor();
    expect(await discAnimation()).toBe('none');
    await expect.poll(bannerMoving).toBe(0);
  });

  it('with motion welcome, the home banner comes to rest: the hint nudges three times and stops, the motto types only in view', async () => {
    const page = await site.newPage({ ...DESKTOP, reducedMotion: 'no-preference' });
    await openAt(page, '/home');
    const timings = await page.evaluate(() =>
      document
        .querySelector('.page-banner')!
        .getAnimations({ subtree: true })
        .map((animation) => {
          const effect = animation.effect as KeyframeEffect;
          const timing = effect.getComputedTiming();
          return {
            name: (animation as CSSAnimation).animationName,
            target: (effect.target as Element).className,
            delay: Number(timing.delay),
            iterations: timing.iterations,
            endTime: Number(timing.endTime),
          };
        }),
    );
    // Nothing runs for ever: an endless animation, even one in steps (the caret's was), has the compositor draw
    // every frame for as long as the page is open. The caret blinks by the typing's timer.
    expect(timings.filter((timing) => !Number.isFinite(timing.endTime)).map((timing) => timing.name)).toEqual([]);
    expect(timings).toContainEqual(expect.objectContaining({ name: 'nudge', target: 'home__scroll', iterations: 3 }));
    expect(timings.find((timing) => timing.name === 'nudge')!.delay).toBeGreaterThan(0);

    // In view, a letter or a blink changes the line at least every half second; scrolled out, nothing does.
    const line = page.locator('.typewriter__typed');
    // Whether the typed text and the caret stayed as they were, looked at every 50 ms for `ms`.
    const stillFor = (ms: number) =>
      line.evaluate(async (typed, span) => {
        const moment = () => `${typed.textContent}|${typed.getAttribute('data-caret')}`;
        const first = moment();
        for (let waited = 0; waited < span; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          if (moment() !== first) return false;
        }
        return true;
      }, ms);
    await expect.poll(() => line.textContent()).not.toBe('');
    await page.evaluate(() => window.scrollTo(0, document.querySelector('.page-banner')!.scrollHeight + 400));
    await expect.poll(() => stillFor(1200), { timeout: 15_000 }).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => stillFor(600)).toBe(false);
  });
});
