import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, holdPlayerBar, recordNotices, startSite, suiteContext, waitForPage, type Site, type SuiteContextOptions } from './support/harness';

const m = zhCN.music;
const lb = m.lyricBoard;
/** Autoplay without a gesture (a restored or keyboard-started song may play). */
const AUTOPLAY = ['--autoplay-policy=no-user-gesture-required'];
const POLL = { timeout: 20_000, interval: 100 };

interface Traffic {
  scripts: string[];
  wapi: URL[];
  errors: string[];
}

describeInBrowser('the music player in the browser', () => {
  let site: Site;
  const traffic = new WeakMap<Page, Traffic>();

  beforeAll(async () => {
    site = await startSite({ browserArgs: AUTOPLAY });
  });
  afterAll(async () => {
    await site?.close();
  });

  async function newPage(options: SuiteContextOptions = {}): Promise<Page> {
    const context = await suiteContext(site.browser, site.baseUrl, options);
    const page = await context.newPage();
    const log: Traffic = { scripts: [], wapi: [], errors: [] };
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) log.scripts.push(url.pathname);
      if (url.pathname.startsWith('/wapi/') && !url.pathname.startsWith('/wapi/cover/')) log.wapi.push(url);
    });
    page.on('pageerror', (error) => log.errors.push(error.message));
    traffic.set(page, log);
    return page;
  }
  const log = (page: Page) => traffic.get(page)!;
  const fetched = (page: Page, chunk: string) => log(page).scripts.some((path) => path.startsWith(`/assets/${chunk}-`));

  const overlay = (page: Page) => page.getByRole('dialog', { name: m.player });
  const bar = (page: Page) => page.locator('.mp-bar');
  const progress = (page: Page) => page.getByRole('slider', { name: m.progress });
  const seconds = async (page: Page) => Number(await progress(page).getAttribute('aria-valuenow'));
  /** The same position read from the DOM: while the lyric board is open the bar is hidden from the accessibility tree. */
  const elapsed = async (page: Page) => Number(await page.locator('.mp-progress [role="slider"]').getAttribute('aria-valuenow'));

  async function openPlayer(page: Page) {
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).click();
    await overlay(page).waitFor();
  }


  async function playRow(page: Page, index: number): Promise<string> {
    const row = page.locator('.mp-songs .mp-row').nth(index);
    const name = (await row.locator('.mp-row__name').textContent())!;
    await row.click();
    await expect.poll(() => row.getAttribute('aria-current'), POLL).toBe('true');
    await holdPlayerBar(page);
    await page.getByRole('button', { name: zhCN.disc.pause, exact: true }).waitFor();
    return name;
  }

  it('keeps the player, its overlay and the board out of the first load; the disc loads them on first click', async () => {
    // The idle prefetch (tests/e2e/prefetch.e2e.ts) is off, as in every test's context: the click loads.
    const page = await newPage();
    await page.goto('/home');
    await waitForPage(page);
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(['playerRuntime', 'PlayerOverlay', 'LyricBoard'].filter((chunk) => fetched(page, chunk))).toEqual([]);
    // Nothing is restored (no song url, no lyric) until the player is used.
    expect(log(page).wapi).toEqual([]);
    await page.locator('.notice', { hasText: zhCN.disc.startHint }).waitFor();

    await openPlayer(page);
    expect(fetched(page, 'playerRuntime')).toBe(true);
    expect(fetched(page, 'PlayerOverlay')).toBe(true);
    expect(fetched(page, 'LyricBoard')).toBe(false);
    await expect.poll(() => log(page).wapi.map((url) => url.pathname), POLL).toContain('/wapi/toplist/detail');
    // The disc hides while the overlay is open; the page behind does not scroll.
    expect(await page.getByRole('button', { name: zhCN.disc.openPlayer }).count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.getByRole('button', { name: m.closePlayer }).click();
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).waitFor();
    expect(log(page).errors).toEqual([]);
  });

  it('opens on the fourth playlist (热歌榜); a row plays, time advances, the lyric line moves, space pauses', async () => {
    const page = await newPage();
    await page.goto('/home');
    await waitForPage(page);
    await openPlayer(page);
    const tiles = overlay(page).getByRole('navigation', { name: m.playlists }).getByRole('button');
    await expect.poll(() => tiles.count(), POLL).toBe(5);
    expect(await tiles.nth(3).getAttribute('aria-pressed')).toBe('true');
    expect(await tiles.nth(3).textContent()).toContain('热歌榜');
    const rows = page.locator('.mp-songs .mp-row');
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(0);
    await page.locator('.mp-footer', { hasText: m.noMore }).waitFor();

    const name = await playRow(page, 0);
    expect(await page.locator('.mp-bar__name').textContent()).toBe(name);
    const start = await seconds(page);
    await expect.poll(() => seconds(page), POLL).toBeGreaterThan(start + 1);

    // The COMMON board marks the current line; seeking 10 s on (→ twice) moves it on.
    await holdPlayerBar(page);
    await bar(page).getByRole('button', { name: m.openLyricBoard }).click();
    const board = page.locator('.lyric-board');
    await board.waitFor();
    const line = async () => Number((await board.locator('[aria-current="true"]').getAttribute('data-line').catch(() => '-1')) ?? -1);
    await expect.poll(line, POLL).toBeGreaterThanOrEqual(0);
    const before = await line();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(line, POLL).toBeGreaterThan(before);
    await page.keyboard.press('Escape');
    await board.waitFor({ state: 'detached' });
    await overlay(page).waitFor();

    // Space pauses and plays again when no text field has focus.
    await page.keyboard.press('Space');
    await holdPlayerBar(page);
    await page.getByRole('button', { name: zhCN.disc.play, exact: true }).waitFor();
    const paused = await seconds(page);
    await page.keyboard.press('Space');
    await expect.poll(() => seconds(page), POLL).toBeGreaterThan(paused + 0.5);
  });

  it('cycles the play modes, sets the volume, and the bar hides after 2 s without pointer movement', async () => {
    const page = await newPage();
    await page.goto('/home');
    await waitForPage(page);
    await openPlayer(page);
    await holdPlayerBar(page);
    const mode = bar(page).locator('[data-mode]');
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      seen.push(`${await mode.getAttribute('data-mode')} ${await mode.getAttribute('aria-label')}`);
      await mode.click();
    }
    expect(seen).toEqual([
      `RANDOM ${m.modeSwitch(m.modes.RANDOM)}`,
      `LISTLOOP ${m.modeSwitch(m.modes.LISTLOOP)}`,
      `SINGLECYCLE ${m.modeSwitch(m.modes.SINGLECYCLE)}`,
    ]);
    expect(await mode.getAttribute('data-mode')).toBe('RANDOM');

    await bar(page).getByRole('button', { name: m.volumeValue(50) }).click();
    const volume = page.getByRole('slider', { name: m.volume });
    await volume.focus();
    await page.keyboard.press('End');
    await expect.poll(() => volume.getAttribute('aria-valuenow'), POLL).toBe('100');
    await page.keyboard.press('Escape');
    // Radix hands focus back to the trigger a task after the popover closes: wait for it, or the panel's focus
    // below could be taken back, and the keyboard focus left in the bar would hold it shown.
    await volume.waitFor({ state: 'detached' });
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focusedLabel, POLL).toBe(m.volumeValue(100));
    // ↓ in the panel lowers it by 5.
    await overlay(page).focus();
    await page.keyboard.press('ArrowDown');
    await bar(page).getByRole('button', { name: m.volumeValue(95) }).waitFor();

    await page.mouse.move(5, 5);
    await expect.poll(() => bar(page).getAttribute('data-visible'), POLL).toBe('false');
    await holdPlayerBar(page);
  });

  it('adds to my list (source CUSTOM, 添加成功) and deleting the last song goes back to TOP', async () => {
    const page = await newPage();
    const notices = await recordNotices(page);
    const shown = async (text: string) => (await notices()).some((notice) => notice.includes(text));
    await page.goto('/home');
    await waitForPage(page);
    await openPlayer(page);
    const name = await playRow(page, 1);
    expect(await bar(page).getAttribute('data-source')).toBe('TOP');

    await page.getByRole('button', { name: m.addSong(name) }).click();
    await page.getByRole('button', { name: m.inList(name) }).waitFor();
    await expect.poll(() => shown(m.added)).toBe(true);
    expect(await bar(page).getAttribute('data-source')).toBe('CUSTOM');

    await holdPlayerBar(page);
    await bar(page).getByRole('button', { name: m.myListCount(1) }).click();
    const list = page.getByRole('dialog', { name: m.myList });
    await list.getByRole('button', { name: m.playSong(name) }).waitFor();
    await list.getByRole('button', { name: m.removeSong(name) }).click();
    await list.getByText(m.myListEmpty).waitFor();
    await expect.poll(() => shown(m.removed)).toBe(true);
    expect(await bar(page).getAttribute('data-source')).toBe('TOP');
    await page.getByRole('button', { name: m.addSong(name) }).waitFor();
  });

  it('searches 20 a page by offset, loads until 已经到底了, and says 暂无相关歌曲 for no match', async () => {
    const page = await newPage();
    await page.goto('/home');
    await waitForPage(page);
    await openPlayer(page);
    await holdPlayerBar(page);
    await bar(page).getByRole('button', { name: m.search }).click();
    const panel = page.getByRole('dialog', { name: m.search });
    const input = panel.getByRole('searchbox', { name: m.search });
    expect(await input.getAttribute('placeholder')).toBe(m.searchPlaceholder);
    await panel.getByText(m.searchEmpty).waitFor();

    // An empty keyword clears without a call.
    await input.fill('   ');
    await panel.getByRole('button', { name: m.searchButton }).click();
    const searches = () => log(page).wapi.filter((url) => url.pathname === '/wapi/search');
    expect(searches()).toEqual([]);

    await input.fill('李白');
    await panel.getByRole('button', { name: m.searchButton }).click();
    const rows = panel.locator('.mp-row');
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(1);
    expect(await panel.locator('th').allTextContents()).toEqual(['#', m.columns.song, m.columns.author, m.columns.action]);
    for (const author of await panel.locator('td.mp-table__author').allTextContents()) expect(author).toContain('李白');
    // The footer was in view: the next page (offset 20) came back empty, and loading stopped.
    await panel.locator('.mp-footer', { hasText: m.searchNoMore }).waitFor();
    const pages = searches().map((url) => `${url.searchParams.get('keywords')} ${url.searchParams.get('offset')} ${url.searchParams.get('limit')}`);
    expect(pages).toEqual(['李白 0 20', '李白 20 20']);

    // A result row plays and becomes the TOP list.
    const first = (await rows.first().locator('.mp-row__name').textContent())!;
    await rows.first().click();
    await expect.poll(() => page.locator('.mp-bar__name').textContent(), POLL).toBe(first);

    await input.fill('没有这首歌zzz');
    await input.press('Enter');
    await page.locator('.notice', { hasText: m.noSongs }).waitFor();
    await panel.getByText(m.searchEmpty).waitFor();
    expect(await rows.count()).toBe(0);
  });

  it('?showSpecial on any page opens the player, the lyric board and SPECIAL mode', async () => {
    const page = await newPage();
    await page.goto('/archives?showSpecial');
    // The board is a modal over the overlay: once it is open the overlay leaves the accessibility tree, so the
    // overlay is checked in the DOM, after the board, whichever of the two finished opening first.
    await page.locator('.lyric-board[data-mode="SPECIAL"]').waitFor();
    await page.locator('.mp[role="dialog"]').waitFor({ state: 'attached' });

    // The root redirects to /home and keeps the query.
    const fromRoot = await newPage();
    await fromRoot.goto('/?showSpecial');
    await fromRoot.waitForURL('**/home?showSpecial');
    await fromRoot.locator('.lyric-board[data-mode="SPECIAL"]').waitFor();
  });

  it('?showSpecial on a first visit: play on the board, or in the bar, starts the first song of 热歌榜', async () => {
    const toplist = (await (await fetch(`${site.baseUrl}/wapi/toplist/detail`)).json()) as { list: { id: number; name: string }[] };
    const hot = toplist.list[3]!;
    expect(hot.name).toBe('热歌榜');
    const tracks = (await (await fetch(`${site.baseUrl}/wapi/playlist/track/all?id=${hot.id}&limit=30&offset=0`)).json()) as { songs: { name: string }[] };
    const first = tracks.songs[0]!.name;

    /** A fresh visit to `/home?showSpecial`: the SPECIAL board opens with nothing loaded. */
    async function openSpecial() {
      const page = await newPage();
      await page.goto('/home?showSpecial');
      const board = page.locator('.lyric-board[data-mode="SPECIAL"]');
      await board.locator('.sp-title', { hasText: lb.noSong }).waitFor();
      return { page, board };
    }
    async function expectPlaying(page: Page) {
      await expect.poll(() => page.locator('.mp-bar__name').textContent(), POLL).toBe(first);
      const start = await elapsed(page);
      await expect.poll(() => elapsed(page), POLL).toBeGreaterThan(start + 0.5);
    }

    const fromBoard = await openSpecial();
    await fromBoard.board.getByRole('button', { name: lb.play, exact: true }).click();
    await fromBoard.board.getByRole('button', { name: lb.pause, exact: true }).waitFor({ timeout: POLL.timeout });
    await expect.poll(() => fromBoard.board.locator('.sp-title').textContent(), POLL).toBe(first);
    await expectPlaying(fromBoard.page);

    const fromBar = await openSpecial();
    await fromBar.board.getByRole('button', { name: lb.close }).click();
    await fromBar.board.waitFor({ state: 'detached' });
    await holdPlayerBar(fromBar.page);
    await bar(fromBar.page).getByRole('button', { name: zhCN.disc.play, exact: true }).click();
    await bar(fromBar.page).getByRole('button', { name: zhCN.disc.pause, exact: true }).waitFor({ timeout: POLL.timeout });
    await expectPlaying(fromBar.page);
    expect([...log(fromBoard.page).errors, ...log(fromBar.page).errors]).toEqual([]);
  });

  it('keeps playing across a route change, and a reload restores the song paused at the saved position', async () => {
    // The reload below proves what the idle prefetch leaves ready, and that it starts nothing.
    const page = await newPage({ idlePrefetch: true });
    await page.goto('/home');
    await waitForPage(page);
    await openPlayer(page);
    // One song over and over (单曲循环): however slow the machine, the song that plays on is the one checked.
    await holdPlayerBar(page);
    const mode = bar(page).locator('[data-mode]');
    await mode.click();
    await mode.click();
    await expect.poll(() => mode.getAttribute('data-mode'), POLL).toBe('SINGLECYCLE');
    const name = await playRow(page, 2);
    await page.getByRole('button', { name: m.closePlayer }).click();

    await page.getByRole('link', { name: zhCN.nav.archives }).first().click();
    await page.waitForURL('**/archives');
    await waitForPage(page);
    const disc = page.locator('.music-disc');
    expect(await disc.locator('.music-disc__name').textContent()).toBe(name);
    await disc.getByRole('button', { name: zhCN.disc.pause }).waitFor();
    await openPlayer(page);
    await holdPlayerBar(page);
    const atLeave = await seconds(page);
    await expect.poll(() => seconds(page), POLL).toBeGreaterThan(atLeave + 0.5);
    await bar(page).getByRole('button', { name: zhCN.disc.pause, exact: true }).click();
    await bar(page).getByRole('button', { name: zhCN.disc.play, exact: true }).waitFor();
    const pausedAt = await seconds(page);
    await page.getByRole('button', { name: m.closePlayer }).click();

    // Reload: the disc shows the saved song without a music call; the idle prefetch fetches the player's
    // code but starts nothing (no restore, no request to /wapi) until the player is used.
    log(page).wapi.length = 0;
    log(page).scripts.length = 0;
    await page.reload();
    await waitForPage(page);
    await page.waitForSelector('html[data-idle-prefetch="done"]');
    await page.waitForLoadState('networkidle');
    expect(await disc.locator('.music-disc__name').textContent()).toBe(name);
    expect(fetched(page, 'playerRuntime')).toBe(true);
    expect(log(page).wapi).toEqual([]);

    await openPlayer(page);
    await holdPlayerBar(page);
    await page.getByRole('button', { name: zhCN.disc.play, exact: true }).waitFor();
    expect(await page.locator('.mp-bar__name').textContent()).toBe(name);
    // The paused position, which is past 0.5 s: a fresh start at 0 would be told apart.
    await expect.poll(async () => Math.abs((await seconds(page)) - pausedAt), POLL).toBeLessThan(0.5);
    expect(await page.getByRole('button', { name: zhCN.disc.play, exact: true }).count()).toBe(1);
  });

  it('is a full-screen sheet on a phone (390×844) with thumb-sized controls', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/home');
    await waitForPage(page);
    const discBox = await page.locator('.music-disc').boundingBox();
    expect(discBox!.x).toBeLessThan(30);
    expect(discBox!.y + discBox!.height).toBeGreaterThan(780);
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).tap();
    await overlay(page).waitFor();
    await expect.poll(() => page.locator('.mp-songs .mp-row').count(), POLL).toBeGreaterThan(0);
    // The sheet rises into place: measure it once the animation has ended.
    await expect.poll(() => overlay(page).boundingBox(), POLL).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The bar's buttons and the rows' add buttons are at least 44 px.
    for (const button of [
      bar(page).getByRole('button', { name: zhCN.disc.play, exact: true }),
      bar(page).getByRole('button', { name: m.next }),
      page.locator('.mp-row__add').first(),
    ]) {
      const size = await button.boundingBox();
      expect(Math.min(size!.width, size!.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('.mp-songs .mp-row').first().tap();
    await page.getByRole('button', { name: zhCN.disc.pause, exact: true }).waitFor();
  });
});
