import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../src/i18n/zh-CN';
import { CUE_TRACKS, writeCueAlbum } from '../server/music/testLibrary';
import { describeInBrowser, holdPlayerBar, startSite, waitForPage, type Site } from './support/harness';

const m = zhCN.music;
const POLL = { timeout: 20_000, interval: 100 };

/**
 * What the page showed, sampled every 50 ms: song name, progress and duration (s), the lyric board's current
 * line (-1 for none), page clock (ms).
 */
interface Sample {
  name: string;
  now: number;
  max: number;
  line: number;
  text: string;
  /** The lyric board's progress (0–1), painted in the same frame as its line from the same audio time. */
  boardRatio: number;
  at: number;
}

describeInBrowser('a CUE album in the player', () => {
  let site: Site;
  let musicDir: string;

  beforeAll(async () => {
    musicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-cue-'));
    writeCueAlbum(path.join(musicDir, '夏日合辑'));
    site = await startSite({ musicDir });
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(musicDir, { recursive: true, force: true });
  });

  it('plays track 2 from its own start, counts time, duration and lyric lines from there, and moves on to track 3 at its end', async () => {
    const page = await site.newPage();
    await page.goto('/home');
    await waitForPage(page);
    await page.getByRole('button', { name: zhCN.disc.openPlayer }).click();
    const rows = page.locator('.mp-songs .mp-row');
    await expect.poll(() => rows.locator('.mp-row__name').allTextContents(), POLL).toEqual(CUE_TRACKS.map((track) => track.title));
    // In order, not at random (the first mode): the song after track 2 is track 3.
    await holdPlayerBar(page);
    const mode = page.locator('.mp-bar [data-mode]');
    await mode.click();
    await expect.poll(() => mode.getAttribute('data-mode'), POLL).toBe('LISTLOOP');

    await page.evaluate((label) => {
      const samples: Sample[] = [];
      (window as unknown as { samples: Sample[] }).samples = samples;
      setInterval(() => {
        const slider = document.querySelector(`[role="slider"][aria-label="${label}"]`);
        samples.push({
          name: document.querySelector('.mp-bar__name')?.textContent ?? '',
          now: Number(slider?.getAttribute('aria-valuenow')),
          max: Number(slider?.getAttribute('aria-valuemax')),
          line: Number(document.querySelector('.lyric-board [aria-current="true"]')?.getAttribute('data-line') ?? -1),
          // The line's visible words, without its hidden 从这句开始播放 prefix.
          text: document.querySelector('.lyric-board [aria-current="true"] .lb-line__text')?.textContent ?? '',
          boardRatio: Number(/scaleX\(([\d.]+)\)/.exec(document.querySelector<HTMLElement>('.lb-progress__bar')?.style.transform ?? '')?.[1] ?? -1),
          at: performance.now(),
        });
      }, 50);
    }, m.progress);
    // From the keyboard: a click would take the pointer off the bar, which then hides 2 s later, and on a busy
    // machine before the next click lands.
    await rows.nth(1).locator('.mp-row__name').press('Enter');
    await page.locator('.mp-bar').getByRole('button', { name: m.openLyricBoard }).click();
    const third = CUE_TRACKS[2].title;
    const samples = () => page.evaluate(() => (window as unknown as { samples: Sample[] }).samples);
    await expect.poll(async () => (await samples()).some((sample) => sample.name === third && sample.now > 0.5), POLL).toBe(true);

    const all = await samples();
    const second = all.filter((sample) => sample.name === CUE_TRACKS[1].title);
    const started = second.filter((sample) => sample.now > 0);
    // The file is 13 s; track 2 is its 4 s to 9 s. Its progress starts near 0 (not 4) and its duration is 5 s (not 13).
    expect(started[0]!.now).toBeLessThan(1);
    expect(second.at(-1)!.max).toBeCloseTo(CUE_TRACKS[1].seconds, 0);
    // It ended at its span's end (about 5 s of playing), not at the end of the file 9 s on.
    expect(second.at(-1)!.at - started[0]!.at).toBeLessThan((CUE_TRACKS[1].seconds + 1.5) * 1000);
    // Its lyric's lines (0.5 s and 2.5 s) light up at those times from the track's start, not from the file's
    // (4 s on, where the second line would be lit from the first moment and the first never). Timed by the
    // board's own clock, its progress bar: the bar's slider and title are React renders, which a loaded machine
    // leaves a second behind the board, and at the track's end the board is on track 3 while they still say 2.
    const lit = second.filter((s) => s.line >= 0).map((s) => ({ line: s.line, at: s.boardRatio * CUE_TRACKS[1].seconds }));
    expect([...new Set(lit.map((s) => s.line))]).toEqual([0, 1]);
    expect(lit.find((s) => s.line === 1)!.at).toBeGreaterThan(2.5 - 0.1);
    expect([...new Set(lit.filter((s) => s.at > 2.6 && s.at < 4.8).map((s) => s.line))]).toEqual([1]);
    expect(Math.max(...lit.map((s) => s.at))).toBeGreaterThan(CUE_TRACKS[1].seconds - 1);
    // The lyric was saved in GBK: the board shows its words, not mojibake.
    expect(new Set(second.filter((s) => s.line >= 0).map((s) => s.text.trim()))).toEqual(new Set(['窗外的麻雀', '在电线杆上多嘴']));
    // Track 3 starts from its own 0 with its own duration.
    const next = all.filter((sample) => sample.name === third && sample.now > 0);
    expect(next[0]!.now).toBeLessThan(1);
    expect(next.at(-1)!.max).toBeCloseTo(CUE_TRACKS[2].seconds, 0);
    expect(await page.getByRole('button', { name: zhCN.disc.pause, exact: true }).count()).toBe(1);
  });
});
