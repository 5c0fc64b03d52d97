import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTHOR_SIZE, LYRIC_SIZE, TITLE_SIZE } from '../../src/domain/player/display';
import { activeLineIndex, activeWordIndex, parseYrc } from '../../src/domain/player/lyrics';
import type { LyricLine, LyricType, Song } from '../../src/domain/player/music';
import * as zhCN from '../../src/i18n/zh-CN';
import { describeInBrowser, startSite, type Site } from './support/harness';

const t = zhCN.music.lyricBoard;
/** A 1×1 PNG: the "local file" chosen as the background. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** One frame at 60 Hz, in ms: the karaoke may be this far from the audio clock. */
const FRAME_MS = 1000 / 60;

interface WapiSong {
  id: number;
  name: string;
  ar: { name: string }[];
  alia: string[];
  al: { picUrl: string };
  dt: number;
}

describeInBrowser('the lyric board (COMMON and SPECIAL, karaoke)', () => {
  let site: Site;
  let songs: Song[];
  let lines: LyricLine[];

  beforeAll(async () => {
    site = await startSite();
    const list = (await (await fetch(`${site.baseUrl}/wapi/playlist/track/all?id=1&limit=30&offset=0`)).json()) as { songs: WapiSong[] };
    songs = list.songs.map((song) => ({
      id: song.id,
      name: song.name,
      artists: song.ar.map((artist) => artist.name),
      alias: song.alia,
      cover: song.al.picUrl,
      durationMs: song.dt,
    }));
    const lyric = (await (await fetch(`${site.baseUrl}/wapi/lyric?id=${songs[0]!.id}`)).json()) as { yrc: { lyric: string } };
    lines = parseYrc(lyric.yrc.lyric);
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.every((line) => (line.words?.length ?? 0) > 1)).toBe(true);
  });
  afterAll(() => site?.close());

  /**
   * A visit whose saved player holds the first demo song at `at` seconds (restored paused), opened with
   * `?showSpecial`; COMMON is one toggle away. The page's audio element is kept as `window.__audio`.
   */
  async function openBoard(options: { at: number; type: LyricType; play: boolean }): Promise<Page> {
    // The karaoke sweeps through a word only for a reader who welcomes motion.
    const page = await site.newPage({ reducedMotion: 'no-preference' });
    const saved = {
      version: 1,
      topList: songs,
      customList: [],
      current: songs[0],
      source: 'TOP',
      currentTime: options.at,
      mode: 'LISTLOOP',
      volume: 0.2,
      lyricType: 'SPECIAL',
      lyricSettings: { titleSize: TITLE_SIZE.default, authorSize: AUTHOR_SIZE.default, lyricSize: LYRIC_SIZE.default, brightness: 0.5 },
      lyricOffsets: [],
    };
    const raw = Buffer.from(encodeURIComponent(JSON.stringify(saved))).toString('base64');
    await page.addInitScript((value) => {
      localStorage.setItem('blog:player', value);
      const original = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        (window as unknown as { __audio: HTMLMediaElement }).__audio = this;
        return original.call(this);
      };
      const load = HTMLMediaElement.prototype.load;
      HTMLMediaElement.prototype.load = function loadMedia(this: HTMLMediaElement) {
        (window as unknown as { __audio: HTMLMediaElement }).__audio = this;
        return load.call(this);
      };
    }, raw);
    await page.goto('/home?showSpecial');
    await page.locator('.lyric-board').waitFor();
    // The restored song is ready once its lyric lines are there and the element knows where it starts.
    await page.locator('.sp-line').first().waitFor({ state: 'attached' });
    await page.waitForFunction((at) => {
      const audio = (window as unknown as { __audio?: HTMLMediaElement }).__audio;
      return !!audio && audio.readyState >= 1 && Math.abs(audio.currentTime - at) < 0.5;
    }, options.at);
    if (options.type === 'COMMON') {
      await page.getByRole('button', { name: t.toCommon }).click();
      await page.locator('.lb-line').first().waitFor();
    }
    if (options.play) await play(page);
    return page;
  }

  async function play(page: Page) {
    await page.locator('.lyric-board').getByRole('button', { name: t.play, exact: true }).click();
    await page.waitForFunction(
      () => {
        const audio = (window as unknown as { __audio?: HTMLMediaElement }).__audio;
        return !!audio && !audio.paused && audio.currentTime > 0;
      },
      undefined,
      { polling: 100 },
    );
  }

  const audioTime = (page: Page) => page.evaluate(() => (window as unknown as { __audio: HTMLMediaElement }).__audio.currentTime);

  /** Inside one animation frame (after the board's own loop): the audio clock and what the board shows. */
  function sample(page: Page, selector: string) {
    return page.evaluate(
      (lineSelector) =>
        new Promise<{ time: number; line: number; word: number; fills: number[] }>((resolve) => {
          requestAnimationFrame(() => {
            const audio = (window as unknown as { __audio: HTMLMediaElement }).__audio;
            const active = document.querySelector<HTMLElement>(lineSelector);
            const words = active ? Array.from(active.querySelectorAll<HTMLElement>('[data-word]')) : [];
            resolve({
              time: audio.currentTime,
              line: active ? Number(active.dataset.line) : -1,
              word: active ? Number(active.dataset.word ?? -1) : -1,
              fills: words.map((word) => Number(getComputedStyle(word).getPropertyValue('--fill') || 0)),
            });
          });
        }),
      selector,
    );
  }

  it('SPECIAL shows the title, the author and one line at a time, which changes as the song plays', async () => {
    // Restored paused inside the first line, it shows and stays: a starved browser cannot sing past it unseen.
    const at = (lines[0]!.time + 300) / 1000;
    expect(activeLineIndex(lines.map((line) => line.time), at * 1000)).toBe(0);
    const page = await openBoard({ at, type: 'SPECIAL', play: false });
    const board = page.locator('.lyric-board');
    await expect(board.locator('.sp-title').textContent()).resolves.toBe(songs[0]!.name);
    await expect(board.locator('.sp-author').textContent()).resolves.toBe(songs[0]!.artists.join(' / '));

    const active = board.locator('.sp-line.is-active');
    const shown = () => active.locator('.sp-line__text').textContent();
    await expect.poll(shown, { timeout: 60_000 }).toBe(lines[0]!.text);
    expect(await active.count()).toBe(1);
    await play(page);
    // 6 s of the song: a headless browser starved of CPU plays its audio slower than the wall clock (it failed
    // at 15 s beside the accessibility walk), so the wait is long; the song, not the clock, moves the line.
    await expect.poll(shown, { timeout: 60_000 }).toBe(lines[1]!.text);
    expect(await active.count()).toBe(1);
    // The translation of the line is shown under it.
    await expect(active.locator('.sp-line__tr').count()).resolves.toBe(1);
    expect(site.log(page).consoleErrors.filter((error) => !error.includes('addView'))).toEqual([]);
  });

  it('the karaoke fill advances word by word, on the word the audio is at (within a frame)', async () => {
    const page = await openBoard({ at: 4.3, type: 'SPECIAL', play: true });
    const selector = '.sp-line.is-active';
    await page.locator(selector).waitFor();

    const first = await sample(page, selector);
    let later = first;
    await expect
      .poll(
        async () => {
          later = await sample(page, selector);
          return later.line > first.line || later.word > first.word;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    const sung = (fills: number[]) => fills.reduce((sum, fill) => sum + fill, 0);
    expect(later.line > first.line || sung(later.fills) > sung(first.fills)).toBe(true);

    // Many frames: the highlighted line and word are the ones the YRC gives for the audio time of that frame.
    const times = lines.map((line) => line.time);
    let checked = 0;
    for (let i = 0; i < 30; i++) {
      const frame = await sample(page, selector);
      const candidates = [-FRAME_MS, 0, FRAME_MS].map((delta) => {
        const clock = frame.time * 1000 + delta;
        const line = activeLineIndex(times, clock);
        return { line, word: line < 0 ? -1 : activeWordIndex(lines[line]!.words!, clock) };
      });
      if (candidates[1]!.line < 0) continue;
      expect(candidates.some((c) => c.line === frame.line && c.word === frame.word), JSON.stringify({ frame, candidates })).toBe(true);
      // Words before the sung one are full, words after it empty.
      frame.fills.forEach((fill, w) => {
        if (w < frame.word) expect(fill).toBe(1);
        if (w > frame.word) expect(fill).toBe(0);
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    // Thirty samples, each one animation frame: beside the accessibility walk such frames came seconds apart.
  }, 240_000);

  it('title, author and lyric sizes stay within the spec limits however far the sliders are pushed', async () => {
    const page = await openBoard({ at: 9, type: 'SPECIAL', play: false });
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    const settings = page.getByRole('dialog', { name: t.settings });
    const px = (selector: string) => page.locator(selector).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

    const push = async (label: string, key: string) => {
      const thumb = settings.getByRole('slider', { name: label });
      await thumb.focus();
      for (let i = 0; i < 3; i++) await thumb.press(key);
      await thumb.press(key === 'End' ? 'PageUp' : 'PageDown');
      await thumb.press(key === 'End' ? 'ArrowRight' : 'ArrowLeft');
      return thumb;
    };

    await push(t.titleSize, 'End');
    await expect.poll(() => px('.sp-title')).toBe(TITLE_SIZE.max * 16);
    await push(t.titleSize, 'Home');
    await expect.poll(() => px('.sp-title')).toBe(TITLE_SIZE.min * 16);
    await push(t.lyricSize, 'End');
    await expect.poll(() => px('.sp-line')).toBe(LYRIC_SIZE.max * 16);
    await push(t.lyricSize, 'Home');
    await expect.poll(() => px('.sp-line')).toBe(LYRIC_SIZE.min * 16);
    const author = await push(t.authorSize, 'Home');
    await expect.poll(() => author.getAttribute('aria-valuenow')).toBe(String(AUTHOR_SIZE.min));
    await expect.poll(() => px('.sp-author')).toBe(0);
    const brightness = await push(t.brightness, 'End');
    await expect.poll(() => brightness.getAttribute('aria-valuenow')).toBe('1');
    await expect
      .poll(() => page.locator('.lb-bg__image').evaluate((el) => getComputedStyle(el).filter))
      .toContain('brightness(1)');
  });

  it('the professional toggle turns the background black', async () => {
    const page = await openBoard({ at: 9, type: 'SPECIAL', play: false });
    const board = page.locator('.lyric-board');
    await expect(board.locator('.lb-bg__image').count()).resolves.toBe(1);
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    await page.getByRole('switch', { name: t.professional }).click();
    await expect.poll(() => board.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    await expect.poll(() => board.locator('.lb-bg__image').count()).toBe(0);
  });

  it('a background image from a local file is shown and never leaves the browser', async () => {
    const page = await openBoard({ at: 9, type: 'SPECIAL', play: false });
    const sent: string[] = [];
    page.on('request', (request) => {
      const body = request.postDataBuffer();
      if (request.method() !== 'GET' || (body && body.includes(PNG.subarray(8, 24)))) sent.push(`${request.method()} ${request.url()}`);
    });
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    await page.locator('.lb-settings input[type="file"]').setInputFiles({ name: 'my-wallpaper.png', mimeType: 'image/png', buffer: PNG });
    const image = page.locator('.lb-bg__image');
    await expect.poll(() => image.evaluate((el) => (el as HTMLElement).style.backgroundImage)).toMatch(/^url\("blob:/);
    await expect.poll(() => page.locator('.lyric-board').getAttribute('data-custom-bg')).toBe('true');
    await page.getByText('my-wallpaper.png').waitFor();
    // Closing the settings and the board keeps nothing pending: still no request carried the file.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('.lyric-board').waitFor({ state: 'detached' });
    expect(sent).toEqual([]);
  });

  it('shifting the lyric offset moves the highlighted line, and the reset brings it back', async () => {
    // 10 s is inside the second line (8.96 s–13.44 s); 4 s earlier is inside the third.
    const page = await openBoard({ at: 10, type: 'SPECIAL', play: false });
    const stage = page.locator('.sp-stage');
    await expect.poll(() => stage.getAttribute('data-line'), { timeout: 20_000 }).toBe('1');
    await page.getByRole('button', { name: t.settings, exact: true }).click();
    const earlier = page.getByRole('button', { name: t.offsetEarlier });
    for (let i = 0; i < 8; i++) await earlier.click();
    await expect.poll(() => page.locator('.lbs-offset__value').textContent()).toBe(t.offsetValue(4));
    await expect.poll(() => stage.getAttribute('data-line')).toBe('2');
    expect(Math.abs((await audioTime(page)) - 10)).toBeLessThan(0.3);
    await page.getByRole('button', { name: t.offsetReset }).click();
    await expect.poll(() => stage.getAttribute('data-line')).toBe('1');
  });

  it('COMMON centres and highlights the current line; a click on a later line seeks there and plays', async () => {
    const page = await openBoard({ at: 9.5, type: 'COMMON', play: true });
    const list = page.locator('.lb-common');
    const active = page.locator('.lb-line.is-active');
    await active.waitFor();
    // Centred, 30 px above the middle (spec section 9), once the smooth scroll has settled.
    const fromCentre = () =>
      list.evaluate((el) => {
        const line = el.querySelector('.lb-line.is-active')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return line.top + line.height / 2 - (box.top + box.height / 2);
      });
    await expect.poll(async () => Math.abs((await fromCentre()) + 30), { timeout: 5000 }).toBeLessThanOrEqual(3);
    const opacity = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => Number(getComputedStyle(el).opacity));
    await expect.poll(() => opacity(active)).toBe(1);
    expect(await opacity(page.locator('.lb-line:not(.is-active)').last())).toBeLessThan(0.8);

    // Paused, then a click on line 6: the audio jumps to its time and plays again.
    await page.locator('.lyric-board').getByRole('button', { name: t.pause, exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { __audio: HTMLMediaElement }).__audio.paused);
    const target = 5;
    await page.locator(`.lb-line[data-line="${target}"]`).click();
    await page.waitForFunction(
      (seconds) => {
        const audio = (window as unknown as { __audio: HTMLMediaElement }).__audio;
        return !audio.paused && audio.currentTime >= seconds;
      },
      lines[target]!.time / 1000 - 0.05,
    );
    await expect.poll(() => active.getAttribute('data-line')).toBe(String(target));
    await page.locator('.lyric-board').getByRole('button', { name: t.pause, exact: true }).waitFor();
  });
});
