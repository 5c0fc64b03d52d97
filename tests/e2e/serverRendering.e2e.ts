import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { ArticleDetailDto, ArticlePageDto, TimelinePageDto } from '../../src/protocol/content';
import { compactCount } from '../../src/domain/shared/compactCount';
import * as zhCN from '../../src/i18n/zh-CN';
import { CONTEXT_DEFAULTS, describeInBrowser, phoneMenuButton, startSite, waitForHydration, type Site } from './support/harness';

/** Where the page's landmarks sit, to compare the server's markup with the hydrated page. */
async function layoutOf(page: Page): Promise<Record<string, number[]>> {
  return page.evaluate(async () => {
    // An entrance animation starts at its first frame even when reduced to 0.01 ms: measure its end state. (One
    // that follows the scroll, the header's, never finishes.)
    const timed = document.getAnimations().filter((animation) => animation.timeline === document.timeline);
    await Promise.all(timed.map((animation) => animation.finished.catch(() => undefined)));
    const boxes: Record<string, number[]> = {};
    const measure = (selectors: string[]) => {
      for (const selector of selectors) {
        const element = document.querySelector(selector);
        if (!element) continue;
        const box = element.getBoundingClientRect();
        boxes[selector] = [box.x, box.y, box.width, box.height].map(Math.round);
      }
    };
    // The first screen as it is shown.
    measure(['header.site-header', 'h1', '.article-card', '.talk']);
    // Then the page's whole length in true heights: until the app is live, the list items and the article's
    // blocks far below stand in at an estimate (components.css, article.css).
    document.documentElement.setAttribute('data-full-layout', '');
    measure(['.md-editor-preview', 'main', 'footer.site-footer']);
    return boxes;
  });
}

describeInBrowser('pages rendered on the server', () => {
  let site: Site;
  let noScript: BrowserContext;
  let withCode: ArticleDetailDto;

  beforeAll(async () => {
    site = await startSite();
    // Entrance animations move things on purpose: both sides are compared at their end state.
    noScript = await site.browser.newContext({
      baseURL: site.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    const home = await site.api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/50');
    for (const { id } of home.result!.list) {
      const article = (await site.api<ArticleDetailDto>(`/api/article/getArticleById/${id}`)).result!;
      if (article.article_content.includes('```ts')) {
        withCode = article;
        break;
      }
    }
  });
  afterAll(async () => {
    await noScript?.close();
    await site?.close();
  });

  it('with JavaScript off, an article shows its title, its body and its highlighted code blocks', async () => {
    const page = await noScript.newPage();
    await page.goto(`/article?id=${withCode.id}`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe(withCode.article_title);
    const firstParagraph = withCode.article_content.split('\n').find((line) => /^[\u4e00-\u9fff]/.test(line))!;
    const body = (await page.locator('.md-editor-preview').textContent()) ?? '';
    expect(body).toContain(firstParagraph.slice(0, 12));
    expect(await page.locator('.md-editor-preview pre code .hljs-keyword').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('with JavaScript off, the home list and the timeline are readable', async () => {
    const page = await noScript.newPage();
    const home = (await site.api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/8')).result!;
    await page.goto('/home');
    const homeText = (await page.locator('main').textContent()) ?? '';
    for (const article of home.list) expect(homeText).toContain(article.article_title);

    const timeline = (await site.api<TimelinePageDto>('/api/article/blogTimelineGetArticleList/1/10')).result!;
    await page.goto('/archives');
    const archiveText = (await page.locator('main').textContent()) ?? '';
    for (const year of timeline.list) for (const article of year.articles) expect(archiveText).toContain(article.article_title);
    await page.close();
  });

  it.each(['/home', '/archives', '/talk', '/article'])(
    '%s hydrates without a warning, without fetching what the server sent, and without moving',
    async (pathname) => {
      const url = pathname === '/article' ? `/article?id=${withCode.id}` : pathname;
      const before = await noScript.newPage();
      await before.goto(url);
      const rendered = await layoutOf(before);
      await before.close();

      const page = await site.newPage({ reducedMotion: 'reduce' });
      const fetched: string[] = [];
      page.on('request', (request) => {
        const { pathname: path } = new URL(request.url());
        if (path.startsWith('/api/') && request.method() === 'GET') fetched.push(path);
      });
      await page.goto(url);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(site.log(page).consoleErrors).toEqual([]);
      // The view count is the only call a visit makes (a PUT); everything shown came with the page.
      expect(fetched).toEqual([]);
      expect(await layoutOf(page)).toEqual(rendered);
      await page.close();
    },
  );

  it('/home on a slow phone hydrates in slices without a warning, then shows the visit just counted', async () => {
    // Hydration runs in slices: the page's own part may hydrate after the view count has come back. The
    // author card must hydrate with the server's count, then show the visit.
    const page = await site.newPage();
    // A reader coming from another page of the site: the code is in the browser's cache, answers come fast.
    await page.goto('/archives');
    await waitForHydration(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const counted = page.waitForResponse((response) => response.url().endsWith('/api/config/addView'));
    await page.goto('/home');
    await waitForHydration(page);
    await counted;
    await page.waitForLoadState('networkidle');
    // This visit was the last one counted.
    const viewCount = (await site.api<{ viewCount: number }>('/api/config')).result!.viewCount;
    expect(site.log(page).consoleErrors).toEqual([]);
    const shown = page.locator('.author-card__facts dd').last();
    await expect.poll(() => shown.textContent()).toBe(compactCount(viewCount, 'zh-CN'));
    await page.close();
  });

  it('fetches the deferred shell beside the entry, and the page is live only once it is in', async () => {
    const page = await site.newPage();
    // The harness's goto returns once the page is hydrated (data-hydrated).
    const html = await (await page.goto('/home'))!.text();
    const deferredShell = /\/assets\/DeferredShell-[\w-]+\.js$/;
    const preloads = /data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(preloads.some((href) => deferredShell.test(href))).toBe(true);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(fetched.some((url) => deferredShell.test(url))).toBe(true);
    await page.close();
  });

  /** A page as a reader who has not touched it yet sees it: no harness waking it (see waitForHydration). */
  async function untouchedPage(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await site.browser.newContext({ baseURL: site.baseUrl, ...CONTEXT_DEFAULTS, ...options });
    onTestFinished(() => context.close());
    return context.newPage();
  }

  it('a page nobody touches shows its pictures at once and starts its app only once it has loaded and gone quiet', async () => {
    const page = await untouchedPage();
    // The boot script's waits run on the test's clock, paused: a loaded machine's own seconds (a load event
    // later than the 8 s limit) cannot race them. The app's start and the load are noted on that clock.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.addInitScript(() => {
      const noted = window as unknown as { loadedAt?: number; startedAt?: number };
      addEventListener('load', () => (noted.loadedAt = Date.now()), { once: true });
      const entry = new MutationObserver(() => {
        // The start adds the first of its module scripts (React's chunk, then the others, src/boot.ts).
        if (!document.querySelector('script[type="module"][src*="/assets/"]')) return;
        noted.startedAt = Date.now();
        entry.disconnect();
      });
      entry.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/home');
    // Before any script of the app: the cover pictures show over their cups, the page is not live yet.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const cover = page.locator('.article-card .lazy-image img').first();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cover.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
    const cup = page.locator('.article-card .lazy-image').first().locator('.lazy-image__placeholder');
    expect(await cover.evaluate((img) => Number(getComputedStyle(img).zIndex))).toBeGreaterThan(
      await cup.evaluate((element) => Number(getComputedStyle(element).zIndex) || 0),
    );

    // The quiet it waits for is 3 s without a long task after the load event, the limit 8 s (src/boot.ts):
    // a long task before this step re-arms the wait at the paused time, and none runs inside the step.
    await page.clock.runFor(10_000);
    const noted = await page.evaluate(() => {
      const { loadedAt, startedAt } = window as unknown as { loadedAt?: number; startedAt?: number };
      return { loadedAt, startedAt };
    });
    expect(noted.loadedAt).toBeDefined();
    expect(noted.startedAt! - noted.loadedAt!).toBeGreaterThanOrEqual(3000);
    expect(noted.startedAt! - noted.loadedAt!).toBeLessThan(8000);
    await page.clock.resume();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { polling: 100, timeout: 30_000 });
  });

  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`before the app starts, the header past 50 px of scroll has its background, and none at the top again (${reducedMotion})`, async () => {
      const page = await untouchedPage({ reducedMotion });
      // Paused: the boot script's own limit (8 s) cannot start the app, which would then set the header itself.
      await page.clock.install({ time: 0 });
      await page.clock.pauseAt(1000);
      await page.goto('/talk');
      const header = page.locator('header.site-header');
      const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
      // The live header's background, in whichever theme the page chose.
      const opaque = await page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.style.background = 'var(--header-bg)';
        const color = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return color;
      });
      expect(await header.getAttribute('data-transparent')).toBe('true');
      expect(await background()).toBe('rgba(0, 0, 0, 0)');

      for (const [y, expected] of [
        [50, 'rgba(0, 0, 0, 0)'],
        [600, opaque],
        [0, 'rgba(0, 0, 0, 0)'],
      ] as const) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await expect.poll(background).toBe(expected);
      }
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    });
  }

  /** A phone that has not started the app: the boot script's own limit (8 s) waits on a paused clock. */
  async function phoneBeforeTheApp(): Promise<Page> {
    const page = await untouchedPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    return page;
  }

  /**
   * Holds the app's entry back until the returned function (or the test's end) lets it through: a tap or a key
   * that starts the app then finds the page as the server sent it.
   */
  async function holdTheEntry(page: Page): Promise<() => void> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    onTestFinished(release);
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    return release;
  }

  /**
   * Past the boot script's limit (8 s): the app starts. Returns the hydration mismatches it reports: the reader's
   * clock stands near the epoch here, and the page's times must still count from the server's render while it
   * hydrates (a mismatch makes React drop the server's markup and render the page again, blank for a moment).
   */
  async function startTheApp(page: Page): Promise<string[]> {
    const mismatches: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('hydration')) mismatches.push(message.text());
    });
    await page.clock.runFor(10_000);
    await page.clock.resume();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { polling: 100, timeout: 30_000 });
    return mismatches;
  }

  /** The first of the list's items whose bottom is below the window's 100th pixel, and its box. */
  const itemAtTop = (page: Page, selector: string) =>
    page.evaluate((items) => {
      const all = Array.from(document.querySelectorAll(items));
      const index = all.findIndex((item) => item.getBoundingClientRect().bottom > 100);
      const { top, left, width, height } = all[index]!.getBoundingClientRect();
      return { index, box: [top, left, width, height].map(Math.round) };
    }, selector);

  /**
   * Once every item in the window is laid out, the frame that laid out what the last scroll brought near has
   * run, and the browser has kept the view. (The paused clock holds `requestAnimationFrame` back.)
   */
  const settled = (page: Page, selector: string) =>
    expect
      .poll(() =>
        page.evaluate((items) => {
          const inView = Array.from(document.querySelectorAll(items)).filter((item) => {
            const box = item.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          });
          return inView.every((item) => item.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
        }, selector),
      )
      .toBe(true);

  it('a reader who scrolled before the app started stays where they were once it is live, under the live header', async () => {
    const page = await phoneBeforeTheApp();
    await page.goto('/talk');
    await page.evaluate(() => window.scrollTo(0, 700));
    await settled(page, '.talk');
    const reading = await itemAtTop(page, '.talk');
    expect(reading.index).toBeGreaterThan(0);
    const mismatches = await startTheApp(page);
    const header = page.locator('header.site-header');
    await expect.poll(() => header.getAttribute('data-transparent')).toBe('false');
    expect(await itemAtTop(page, '.talk')).toEqual(reading);
    expect(mismatches).toEqual([]);
  });

  it('before the app starts, a phone lays out only the cards near the window, and nothing shown moves when the app takes over', async () => {
    const page = await phoneBeforeTheApp();
    await page.goto('/home');
    const titles = page.locator('.article-card__title');
    const rendered = (title: typeof titles) => title.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered(titles.first())).toBe(true);
    expect(await rendered(titles.last())).toBe(false);

    // A jump past cards never shown: the last one is laid out as it nears the window.
    await titles.last().evaluate((element) => element.closest('.article-card')!.scrollIntoView());
    await expect.poll(() => rendered(titles.last())).toBe(true);
    await settled(page, '.article-card');
    const shown = await itemAtTop(page, '.article-card');
    expect(shown.index).toBe((await titles.count()) - 1);

    // The live app lays every card out at its true height: the one being read stays where it is.
    const mismatches = await startTheApp(page);
    await expect.poll(() => rendered(titles.nth(1))).toBe(true);
    expect(await itemAtTop(page, '.article-card')).toEqual(shown);
    expect(mismatches).toEqual([]);
  });

  it('a reload puts the reader back on the card they were reading, at the same height', async () => {
    const page = await phoneBeforeTheApp();
    await page.goto('/home');
    const cards = page.locator('.article-card');
    // Down the page card after card, as a finger reads, to the sixth card 100 px under the window's top.
    for (let index = 1; index <= 5; index++) await cards.nth(index).scrollIntoViewIfNeeded();
    await cards.nth(5).evaluate((card) => window.scrollBy(0, card.getBoundingClientRect().top - 100));
    await settled(page, '.article-card');
    const reading = await itemAtTop(page, '.article-card');
    expect(reading.index).toBe(5);

    await page.reload();
    // The browser restores the position once the page has loaded; the app has not started.
    await expect.poll(() => itemAtTop(page, '.article-card')).toEqual(reading);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-full-layout'))).toBe(true);
  });

  it('before the app starts, a phone lays out an article’s opening, not its far blocks; a reader deep in it stays on the same block once the app is live', async () => {
    const page = await phoneBeforeTheApp();
    await page.goto(`/article?id=${withCode.id}`);
    // The article's blocks with an element inside, whose rendering `checkVisibility` can tell.
    const blocksSelector = '#article-body-preview > :has(> *)';
    const blocks = page.locator(blocksSelector);
    const count = await blocks.count();
    expect(count).toBeGreaterThan(12);
    const rendered = (block: typeof blocks) =>
      block.evaluate((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered(blocks.first())).toBe(true);
    expect(await rendered(blocks.last())).toBe(false);
    expect(await rendered(page.locator('.article-after > *').last())).toBe(false);

    // Deep into the article, past blocks never shown.
    await blocks.nth(count - 3).evaluate((block) => block.scrollIntoView());
    await expect.poll(() => rendered(blocks.nth(count - 3))).toBe(true);
    await settled(page, blocksSelector);
    const reading = await itemAtTop(page, blocksSelector);
    expect(reading.index).toBeGreaterThan(count / 2);
    // The first block past the opening, which the jump passed over far from the window.
    const passedOver = page.locator('#article-body-preview > :nth-child(n + 7):has(> *)').first();
    expect(await rendered(passedOver)).toBe(false);

    // The live app lays the whole article out at its true heights: the block being read stays where it is.
    const mismatches = await startTheApp(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-full-layout'))).toBe(true);
    expect(await rendered(passedOver)).toBe(true);
    expect(await itemAtTop(page, blocksSelector)).toEqual(reading);
    expect(mismatches).toEqual([]);
  });

  it('a jump through the table of contents while the app lays the article out lands on its heading', async () => {
    const page = await phoneBeforeTheApp();
    await page.goto(`/article?id=${withCode.id}`);
    await page.clock.resume();
    // The tap that opens the table of contents starts the app, which then lays the skipped blocks out one a frame;
    // a jump to the last heading right away passes blocks not yet laid out.
    const toc = page.locator('.article__toc-inline');
    await toc.locator('summary').tap();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { polling: 100 });
    await toc.evaluate((details: HTMLDetailsElement) => (details.open = true));
    const entry = toc.locator('.article-toc a').last();
    const id = decodeURIComponent((await entry.getAttribute('href'))!.slice(1));
    await entry.tap();
    const top = () => page.evaluate((heading) => Math.round(document.getElementById(heading)!.getBoundingClientRect().top), id);
    // Under the header (60 px) and the heading's margin, as with every block above it at its true height.
    await expect.poll(top).toBe(76);
  });

  it('before the app starts, a picture that has arrived drops its coffee cup; one still on its way keeps it until it arrives', async () => {
    const page = await untouchedPage();
    // Paused: the boot script's own limit (8 s) cannot start the app, whose pictures drop their cups too.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    const home = await site.api<ArticlePageDto>('/api/article/blogHomeGetArticleList/1/10');
    const [arrived, onItsWay] = home.result!.list.map(({ cover }) => cover);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Its width variant (/media/w/<width>/<name>) is what the page asks for.
    const onItsWayName = onItsWay!.split('/').pop()!;
    await page.route((url) => url.pathname.endsWith(`/${onItsWayName}`), async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/home');
    const cupOf = (cover: string) =>
      page.locator(`.lazy-image:has(> img[src="${cover}"]) .lazy-image__placeholder`).evaluate((cup) => getComputedStyle(cup).display);

    await expect.poll(() => cupOf(arrived!)).toBe('none');
    expect(await cupOf(onItsWay!)).toBe('grid');
    release();
    await expect.poll(() => cupOf(onItsWay!)).toBe('none');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  it('a reader who asks for less motion reads the motto whole from the first paint, where the live page keeps it', async () => {
    // CONTEXT_DEFAULTS ask for reduced motion. Paused: the app starts only when this test lets it. Today's
    // date, as the server's: a page whose clock says 1970 does not hydrate as it was rendered (the footer's year).
    const page = await untouchedPage();
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.clock.pauseAt(now + 1000);
    await page.goto('/home');
    const shownMotto = () =>
      page.locator('.typewriter__current').evaluate((current) =>
        Array.from(current.querySelectorAll('.typewriter__text'))
          .filter((text) => getComputedStyle(text).visibility === 'visible' && text.textContent)
          .map((text) => {
            const box = text.getBoundingClientRect();
            return { text: text.textContent, box: [box.x, box.y, box.width].map(Math.round) };
          }),
      );
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const before = await shownMotto();
    expect(before).toHaveLength(1);
    expect(before[0]!.text!.length).toBeGreaterThan(0);

    await page.clock.resume();
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { polling: 100, timeout: 30_000 });
    expect(await shownMotto()).toEqual(before);
  });

  it('the server’s cards stand in place from the first paint; what the app puts on the page later rises into it', async () => {
    const context = await site.browser.newContext({ baseURL: site.baseUrl, ...CONTEXT_DEFAULTS, reducedMotion: 'no-preference' });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    // Every entrance a card starts, from the document's first byte on.
    await page.addInitScript(() => {
      const entrances: string[] = [];
      Object.assign(window, { entrances });
      const note = (event: Event) => {
        const card = (event.target as Element).closest?.('.page__card, .article-card, .article');
        if (card && card === event.target) entrances.push(`${card.className} ${event.type}`);
      };
      for (const type of ['animationstart', 'transitionrun']) document.addEventListener(type, note, true);
    });
    const entrances = () => page.evaluate(() => (window as unknown as { entrances: string[] }).entrances);
    await page.goto('/home');
    const cards = page.locator('.article-card');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.evaluateAll((all) => all.map((card) => getComputedStyle(card).opacity))).toEqual(
      Array.from({ length: await cards.count() }, () => '1'),
    );
    await waitForHydration(page);
    // Past the frame after the one that hydrated: a transition the app set off would have started by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await entrances()).toEqual([]);

    await page.locator('header a[href="/archives"]').first().click();
    await page.waitForSelector('.timeline__item');
    await expect.poll(entrances).toContain('card page__card transitionrun');
  });

  it('a tap on an article card before the app is live opens the article natively, with the app’s code held back', async () => {
    const page = await phoneBeforeTheApp();
    // The app's entry never arrives while the test runs: the tap must not wait for it.
    await holdTheEntry(page);
    await page.goto('/home');
    const title = page.locator('.article-card__title a').first();
    const href = (await title.getAttribute('href'))!;
    const name = (await title.textContent())!;
    await title.tap();
    await page.waitForURL((url) => url.pathname + url.search === href);
    await expect(page.locator('h1').first().textContent()).resolves.toBe(name);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  });

  /** The header's controls as a reader meets them: its accessibility tree, and the box of every control shown. */
  async function headerControls(page: Page) {
    const header = page.locator('header.site-header');
    const boxes = await header.evaluate((element) =>
      Array.from(element.querySelectorAll('a, button, summary'))
        .filter((control) => control.checkVisibility())
        .map((control) => {
          const { x, y, width, height } = control.getBoundingClientRect();
          return [control.getAttribute('aria-label') ?? control.textContent, ...[x, y, width, height].map(Math.round)];
        }),
    );
    return { tree: await header.ariaSnapshot(), boxes };
  }

  /** A new reader's session cookie, registered and signed in through the API. */
  async function readerSession(): Promise<string> {
    const reader = { username: `hdr${Date.now() % 1e8}`, password: 'abc123456' };
    const init = (body: object) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
    const registered = await site.api('/api/user/register', init({ ...reader, nick_name: '听雨读者' }));
    expect(registered.code).toBe(0);
    const login = await fetch(`${site.baseUrl}/api/user/login`, init(reader));
    return /blog_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
  }

  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  it.each([
    // The width decides (header.css): the phone's back button and menu, or the desktop's menu bar and login.
    ['a phone', PHONE, false, [zhCN.nav.back, zhCN.nav.menu]],
    ['a phone, signed in', PHONE, true, [zhCN.nav.back, zhCN.notify.title, zhCN.nav.menu]],
    ['a desktop', { viewport: { width: 1280, height: 800 } }, false, [zhCN.nav.archives, zhCN.nav.login]],
  ] as const)('on %s, the header’s controls have the same names and places before the app as after it', async (_, device, signedIn, shown) => {
    const page = await untouchedPage(device);
    if (signedIn) await page.context().addCookies([{ name: 'blog_session', value: await readerSession(), url: site.baseUrl }]);
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto('/home');
    const before = await headerControls(page);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    const names = before.boxes.map(([name]) => String(name));
    for (const name of shown) expect(names.some((control) => control.includes(name))).toBe(true);
    await startTheApp(page);
    expect(await headerControls(page)).toEqual(before);
  });

  it('on a phone before the app, the menu opens at a tap with focus in it and Escape closes it; the live app keeps it working', async () => {
    const page = await phoneBeforeTheApp();
    const release = await holdTheEntry(page);
    await page.goto('/talk');
    const menu = page.getByRole('dialog', { name: zhCN.nav.menu });
    const focusIn = (selector: string) => page.evaluate((inside) => Boolean(document.activeElement?.closest(inside)), selector);
    await phoneMenuButton(page).tap();
    await menu.getByRole('link', { name: zhCN.nav.archives }).waitFor();
    expect(await focusIn('.drawer')).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await focusIn('.mobile-menu > summary')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    // Opened again, it stays open as the app takes over, and the app closes and opens it from then on.
    await phoneMenuButton(page).tap();
    await menu.getByRole('link', { name: zhCN.nav.archives }).waitFor();
    release();
    await startTheApp(page);
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await phoneMenuButton(page).tap();
    await menu.getByRole('link', { name: zhCN.nav.archives }).waitFor();
    await expect.poll(() => focusIn('.drawer')).toBe(true);
  });

  it('before the app, the theme switch of a page its clock made dark offers the light theme, as the live app does', async () => {
    const page = await untouchedPage({ timezoneId: 'Asia/Shanghai' });
    // 23:00: the page's inline script picks the dark theme before the first paint; the server could not know.
    const night = Date.parse('2026-06-01T23:00:00+08:00');
    await page.clock.install({ time: night });
    await page.clock.pauseAt(night + 1000);
    await page.goto('/home');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const named = (theme: string) => page.locator('header').getByRole('button', { name: zhCN.theme.switchTo(theme), exact: true });
    expect([await named(zhCN.theme.light).count(), await named(zhCN.theme.dark).count()]).toEqual([1, 0]);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await startTheApp(page);
    expect([await named(zhCN.theme.light).count(), await named(zhCN.theme.dark).count()]).toEqual([1, 0]);
  });

  it('an article carries schema.org BlogPosting data beside its Open Graph tags', async () => {
    const html = await (await fetch(`${site.baseUrl}/article?id=${withCode.id}`)).text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'BlogPosting', headline: withCode.article_title, datePublished: withCode.createdAt });
    expect(html).toContain(`<meta property="og:title" content="${withCode.article_title}" />`);
  });

  it('keeps the server renderer and the build manifest to itself', async () => {
    for (const file of ['/.ssr/entry-server.js', '/.vite/manifest.json']) {
      expect((await fetch(site.baseUrl + file)).status).toBe(404);
    }
  });
});
