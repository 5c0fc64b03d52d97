/**
 * Lag between the audio clock and the highlighted karaoke word on the SPECIAL lyric board, in headless
 * Chromium against the real server and its demo album: `npx tsx bench/lyricLag.bench.ts` (LAG_SECONDS=60).
 *
 * Every animation frame for a minute of playback, a sampler (a `requestAnimationFrame` callback registered
 * after the board's own loop, so it sees what this frame paints) records the audio time and the word the
 * board's DOM shows. For each word of the song, the lag is the audio time of the first frame that shows it
 * (or a later word) minus the word's start, in frames. For comparison, in the same run, a naive view that
 * recomputes the word on each `timeupdate` event, as a React state update on that event would at best.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { parseYrc } from '../src/domain/player/lyrics';
import type { Song } from '../src/domain/player/music';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.LAG_SECONDS ?? 60);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Sample {
  /** Audio time, ms. */
  t: number;
  /** Frame time (rAF timestamp), ms. */
  now: number;
  /** Flat index of the word the board shows, -1 for none. */
  board: number;
  /** Flat index the naive `timeupdate` view shows. */
  naive: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Per word start crossed during playback: how late (ms of audio) the view first showed that word or a later one. */
function lags(samples: Sample[], starts: number[], pick: (s: Sample) => number): number[] {
  // Runs of increasing audio time (the song repeats: SINGLECYCLE).
  const runs: Sample[][] = [];
  for (const s of samples) {
    const run = runs.at(-1);
    if (!run || s.t < run.at(-1)!.t) runs.push([s]);
    else run.push(s);
  }
  const out: number[] = [];
  for (const run of runs) {
    const first = run[0]!.t;
    const last = run.at(-1)!.t;
    starts.forEach((start, k) => {
      // Only words whose start the run crossed with a frame before it (a clean measurement).
      if (start <= first || start > last) return;
      const shown = run.find((s) => s.t >= start && pick(s) >= k);
      if (shown) out.push(shown.t - start);
    });
  }
  return out.sort((a, b) => a - b);
}

async function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-lag-client-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-lag-data-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  process.env.NODE_ENV = nodeEnv;
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, dataDir);
  const server = await createServer({ ...config, clientDir: outDir });
  const baseUrl = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required', '--accept-lang=zh-CN'],
  });
  try {
    type WapiSong = { id: number; name: string; ar: { name: string }[]; alia: string[]; al: { picUrl: string }; dt: number };
    // The demo album is scanned as the server starts: wait for its first playlist.
    let list: { songs?: WapiSong[] } = {};
    for (let tries = 0; !(list.songs?.length) && tries < 60; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      list = (await (await fetch(`${baseUrl}/wapi/playlist/track/all?id=1&limit=30&offset=0`)).json()) as { songs?: WapiSong[] };
    }
    if (!list.songs?.length) throw new Error('the demo album has no songs');
    const songs: Song[] = list.songs.map((s) => ({ id: s.id, name: s.name, artists: s.ar.map((a) => a.name), alias: s.alia, cover: s.al.picUrl, durationMs: s.dt }));
    const song = songs[0]!;
    const yrc = (await (await fetch(`${baseUrl}/wapi/lyric?id=${song.id}`)).json()) as { yrc: { lyric: string } };
    const lines = parseYrc(yrc.yrc.lyric);
    const lineStarts: number[] = [];
    const starts: number[] = [];
    for (const line of lines) {
      lineStarts.push(starts.length);
      for (const word of line.words ?? []) starts.push(word.start);
    }

    const saved = {
      version: 1,
      topList: songs,
      customList: [],
      current: song,
      source: 'TOP',
      currentTime: 0,
      mode: 'SINGLECYCLE',
      volume: 0.2,
      lyricType: 'SPECIAL',
      lyricSettings: { titleSize: 2.4, authorSize: 1.4, lyricSize: 1.8, brightness: 0.5 },
      lyricOffsets: [],
    };
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A string, not a function: tsx keeps function names with a helper the page does not have.
    const raw = Buffer.from(encodeURIComponent(JSON.stringify(saved))).toString('base64');
    await page.addInitScript(`
      localStorage.setItem('blog:player', ${JSON.stringify(raw)});
      const load = HTMLMediaElement.prototype.load;
      HTMLMediaElement.prototype.load = function () {
        window.__audio = this;
        return load.call(this);
      };
    `);
    await page.goto('/home?showSpecial');
    await page.locator('.sp-line').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page
      .waitForFunction(() => ((window as unknown as { __audio?: HTMLMediaElement }).__audio?.readyState ?? 0) >= 1)
      .catch(async (error: unknown) => {
        const state = await page.evaluate(() => {
          const audio = (window as unknown as { __audio?: HTMLMediaElement }).__audio;
          return { audio: !!audio, readyState: audio?.readyState, src: audio?.src, error: audio?.error?.message };
        });
        throw new Error(`the song did not load: ${JSON.stringify(state)}`, { cause: error });
      });
    await page.locator('.lyric-board').getByRole('button', { name: '播放', exact: true }).click();
    await page.waitForFunction(() => !(window as unknown as { __audio: HTMLMediaElement }).__audio.paused);

    console.log(`Sampling ${SECONDS} s of playback of 《${song.name}》 (${starts.length} timed words)…`);
    // A string again (see above): samples every frame for SECONDS, after the board's own loop.
    const samples = (await page.evaluate(`new Promise((resolve) => {
      const seconds = ${SECONDS};
      const starts = ${JSON.stringify(starts)};
      const lineStarts = ${JSON.stringify(lineStarts)};
      const audio = window.__audio;
      const flatAt = (ms) => {
        let low = 0;
        let high = starts.length - 1;
        let found = -1;
        while (low <= high) {
          const mid = (low + high) >>> 1;
          if (starts[mid] <= ms) { found = mid; low = mid + 1; } else high = mid - 1;
        }
        return found;
      };
      let naive = flatAt(audio.currentTime * 1000);
      audio.addEventListener('timeupdate', () => { naive = flatAt(audio.currentTime * 1000); });
      const out = [];
      const stage = document.querySelector('.sp-stage');
      const end = performance.now() + seconds * 1000;
      const frame = (now) => {
        const line = Number(stage.dataset.line ?? -1);
        const word = Number(stage.querySelector('.sp-line.is-active')?.dataset.word ?? -1);
        const board = line < 0 || word < 0 ? -1 : lineStarts[line] + word;
        out.push({ t: audio.currentTime * 1000, now, board, naive });
        if (now < end) requestAnimationFrame(frame);
        else resolve(out);
      };
      requestAnimationFrame(frame);
    })`)) as Sample[];

    const intervals = samples.slice(1).map((s, i) => s.now - samples[i]!.now).sort((a, b) => a - b);
    const frameMs = percentile(intervals, 50);
    const board = lags(samples, starts, (s) => s.board);
    const naive = lags(samples, starts, (s) => s.naive);
    const inFrames = (ms: number) => ms / frameMs;
    const row = (name: string, values: number[]) =>
      `  ${name.padEnd(34)} p50 ${inFrames(percentile(values, 50)).toFixed(2).padStart(6)} frames   p99 ${inFrames(percentile(values, 99)).toFixed(2).padStart(6)} frames   (${values.length} word starts)`;
    console.log(`${samples.length} frames, median frame ${frameMs.toFixed(2)} ms (${(1000 / frameMs).toFixed(1)} fps)`);
    console.log(row('board (one rAF loop, --fill)', board));
    console.log(row('naive (word on each timeupdate)', naive));
    const ratio50 = percentile(naive, 50) / percentile(board, 50);
    const ratio99 = percentile(naive, 99) / percentile(board, 99);
    console.log(`  naive / board: p50 ${ratio50.toFixed(1)}×, p99 ${ratio99.toFixed(1)}×`);
    console.log(
      `| Lyric lag, SPECIAL board (\`npx tsx bench/lyricLag.bench.ts\`, ${SECONDS} s, headless Chromium) | p50 ${inFrames(percentile(board, 50)).toFixed(2)} / p99 ${inFrames(percentile(board, 99)).toFixed(2)} frames | naive timeupdate p50 ${inFrames(percentile(naive, 50)).toFixed(2)} / p99 ${inFrames(percentile(naive, 99)).toFixed(2)} frames | ${ratio50.toFixed(1)}× / ${ratio99.toFixed(1)}× |`,
    );
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
