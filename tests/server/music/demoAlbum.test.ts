import fs from 'node:fs';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artistOf, composeDemoAlbum, type ComposedSong } from '../../../server/adapters/music/demo/album';
import { mulberry32 } from '../../../server/adapters/music/demo/random';
import { peak, renderLead, renderSong, rms, SAMPLE_RATE, toDbfs } from '../../../server/adapters/music/demo/synth';

const MUSIC_DIR = path.resolve('content/demo/music');
const songs = composeDemoAlbum();

const folders = () =>
  fs.readdirSync(MUSIC_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

/** Word start times of a committed lyric file: YRC `(start,duration,0)` or enhanced LRC `<mm:ss.xxx>字`. */
function committedWordTimes(song: ComposedSong): { lineStarts: number[]; words: { ms: number; text: string }[] } {
  const folder = path.join(MUSIC_DIR, song.playlist.folder);
  const yrcPath = path.join(folder, `${song.baseName}.yrc`);
  const lineStarts: number[] = [];
  const words: { ms: number; text: string }[] = [];
  if (fs.existsSync(yrcPath)) {
    for (const line of fs.readFileSync(yrcPath, 'utf8').split('\n').filter(Boolean)) {
      lineStarts.push(Number(/^\[(\d+),\d+\]/.exec(line)?.[1]));
      for (const match of line.matchAll(/\((\d+),(\d+),0\)([^(]+)/g)) words.push({ ms: Number(match[1]), text: match[3] ?? '' });
    }
  } else {
    const lrc = fs.readFileSync(path.join(folder, `${song.baseName}.lrc`), 'utf8');
    const toMs = (stamp: string) => {
      const [, m, s, ms] = /^(\d\d):(\d\d)\.(\d{3})$/.exec(stamp) ?? [];
      return Number(m) * 60_000 + Number(s) * 1000 + Number(ms);
    };
    for (const line of lrc.split('\n').filter((text) => /^\[\d/.test(text))) {
      lineStarts.push(toMs(/^\[([^\]]+)\]/.exec(line)?.[1] ?? ''));
      for (const match of line.matchAll(/<([^>]+)>([^<]+)/g)) words.push({ ms: toMs(match[1] ?? ''), text: match[2] ?? '' });
    }
  }
  return { lineStarts, words };
}

/**
 * Onsets by energy rise in 5 ms frames: a frame at least 4× the energy of the one before marks a note; the onset
 * is where that rise began (the frame after the valley).
 */
function detectOnsets(signal: Float32Array): number[] {
  const frame = Math.round(SAMPLE_RATE * 0.005);
  const energies: number[] = [];
  for (let start = 0; start + frame <= signal.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += (signal[i] ?? 0) ** 2;
    energies.push(sum);
  }
  const floor = Math.max(...energies) * 1e-5;
  const frameMs = (frame / SAMPLE_RATE) * 1000;
  const onsets: number[] = [];
  for (let i = 1; i < energies.length; i++) {
    const energy = energies[i] ?? 0;
    if (energy < floor || energy < 4 * (energies[i - 1] ?? 0)) continue;
    let valley = i - 1;
    while (valley > 0 && (energies[valley - 1] ?? 0) < (energies[valley] ?? 0)) valley--;
    const onsetMs = (valley + 1) * frameMs;
    if (onsets.length === 0 || onsetMs - (onsets.at(-1) ?? 0) > 40) onsets.push(onsetMs);
  }
  return onsets;
}

function hasOnsetNear(onsets: readonly number[], ms: number, toleranceMs: number): boolean {
  return onsets.some((onset) => Math.abs(onset - ms) <= toleranceMs);
}

/** Mean spectral flatness (geometric / arithmetic mean of the power spectrum) of 2048-sample frames. */
function spectralFlatness(signal: Float32Array): number {
  const size = 2048;
  const values: number[] = [];
  for (let start = SAMPLE_RATE * 5; start + size < signal.length - SAMPLE_RATE * 5; start += size * 8) {
    const re = Float64Array.from(signal.subarray(start, start + size), (v, i) => v * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size)));
    const im = new Float64Array(size);
    fft(re, im);
    let logSum = 0;
    let sum = 0;
    for (let k = 1; k < size / 2; k++) {
      const power = (re[k] ?? 0) ** 2 + (im[k] ?? 0) ** 2 + 1e-20;
      logSum += Math.log(power);
      sum += power;
    }
    const bins = size / 2 - 1;
    values.push(Math.exp(logSum / bins) / (sum / bins));
  }
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** In-place iterative radix-2 FFT. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j] ?? 0, re[i] ?? 0];
      [im[i], im[j]] = [im[j] ?? 0, im[i] ?? 0];
    }
  }
  for (let length = 2; length <= n; length <<= 1) {
    const angle = (-2 * Math.PI) / length;
    for (let i = 0; i < n; i += length) {
      for (let k = 0; k < length / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = i + k;
        const b = a + length / 2;
        const tr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
        const ti = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
        re[b] = (re[a] ?? 0) - tr;
        im[b] = (im[a] ?? 0) - ti;
        re[a] = (re[a] ?? 0) + tr;
        im[a] = (im[a] ?? 0) + ti;
      }
    }
  }
}

describe('demo album files', () => {
  it('has at least 12 songs in at least 5 playlists, the fourth being the hot list, each with a cover and a description', async () => {
    const names = folders();
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(names[3]).toMatch(/^04 热歌榜$/);
    expect(songs.length).toBeGreaterThanOrEqual(12);
    for (const name of names) {
      const files = fs.readdirSync(path.join(MUSIC_DIR, name));
      const expected = songs.filter((song) => song.playlist.folder === name);
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(files.filter((file) => file.endsWith('.mp3')).sort()).toEqual(expected.map((song) => `${song.baseName}.mp3`).sort());
      expect(fs.readFileSync(path.join(MUSIC_DIR, name, 'description.txt'), 'utf8').trim()).toMatch(/[\u4e00-\u9fff]+。/);
      const cover = await sharp(path.join(MUSIC_DIR, name, 'cover.jpg')).metadata();
      expect([cover.format, cover.width, cover.height]).toEqual(['jpeg', 600, 600]);
    }
    expect(new Set(songs.map((song) => song.song.title)).size).toBe(songs.length);
  });

  it('has MP3s of 45–90 s tagged with title, artists, album, track, alias and some covers; one song has no tag at all', async () => {
    const untagged: string[] = [];
    for (const song of songs) {
      const metadata = await parseFile(path.join(MUSIC_DIR, song.playlist.folder, `${song.baseName}.mp3`), { duration: true });
      expect(metadata.format.duration, song.baseName).toBeGreaterThanOrEqual(45);
      expect(metadata.format.duration, song.baseName).toBeLessThanOrEqual(90);
      expect([metadata.format.container, metadata.format.codecProfile, metadata.format.sampleRate, metadata.format.numberOfChannels]).toEqual(['MPEG', 'CBR', 44_100, 1]);
      if (song.song.untagged === true) {
        untagged.push(song.baseName);
        expect(Object.keys(metadata.native)).toEqual([]);
        continue;
      }
      const id3 = metadata.native['ID3v2.3'] ?? [];
      // music-metadata splits a "/"-separated TPE1 into one value per artist.
      const frame = (id: string) => id3.filter((tag) => tag.id === id).map((tag) => String(tag.value)).join('/');
      expect([frame('TIT2'), frame('TPE1'), frame('TALB'), frame('TRCK'), frame('TIT3')]).toEqual([
        song.song.title,
        artistOf(song.song),
        song.playlist.name,
        String(song.trackNumber),
        song.song.alias,
      ]);
      expect(artistOf(song.song)).toMatch(/^[\u4e00-\u9fff]+\/听雨小筑$/);
      expect(metadata.common.picture?.length ?? 0, song.baseName).toBe(song.song.embedCover === true ? 1 : 0);
    }
    expect(untagged).toHaveLength(1);
    expect(songs.filter((song) => song.song.embedCover === true).length).toBeGreaterThanOrEqual(2);
  });
});

describe('demo album lyrics', () => {
  it('are exactly what the generator writes from the seed, so the committed files are not stale', () => {
    expect(composeDemoAlbum()).toEqual(songs);
    for (const song of songs) {
      const folder = path.join(MUSIC_DIR, song.playlist.folder);
      const lyricFiles = fs.readdirSync(folder).filter((file) => file.startsWith(`${song.baseName}.`) && !file.endsWith('.mp3'));
      expect(lyricFiles.sort()).toEqual(Object.keys(song.lyricFiles).sort());
      for (const [name, text] of Object.entries(song.lyricFiles)) expect(fs.readFileSync(path.join(folder, name), 'utf8'), name).toBe(text);
    }
  });

  it('cover both word-timing formats and include translations', () => {
    const names = songs.flatMap((song) => Object.keys(song.lyricFiles));
    expect(names.filter((name) => name.endsWith('.t.lrc')).length).toBeGreaterThanOrEqual(4);
    expect(names.filter((name) => name.endsWith('.yrc')).length).toBeGreaterThanOrEqual(10);
    const enhanced = songs.filter((song) => song.song.enhancedLrc === true);
    expect(enhanced.length).toBeGreaterThanOrEqual(1);
    for (const song of enhanced) expect(song.lyricFiles[`${song.baseName}.lrc`]).toMatch(/^\[\d\d:\d\d\.\d{3}\]<\d\d:\d\d\.\d{3}>./m);
    for (const song of songs) {
      const lrc = song.lyricFiles[`${song.baseName}.lrc`] ?? '';
      expect(lrc).toContain(`[ti:${song.song.title}]\n[ar:${artistOf(song.song)}]\n[al:${song.playlist.name}]\n[by:`);
    }
  });

  it('put every sung character, in the poem’s order, at the start time of its melody note', () => {
    for (const song of songs) {
      const { lineStarts, words } = committedWordTimes(song);
      const sung = song.score.lead.filter((note) => note.syllable !== null);
      expect(words.map((word) => word.ms), song.baseName).toEqual(sung.map((note) => note.startMs));
      expect(words.map((word) => word.text).join('')).toBe(song.song.poem.join('').repeat(2));
      expect(lineStarts).toEqual(song.score.lines.map((line) => line.notes[0]?.startMs));
    }
  });

  it('start each word where the rendered lead voice has an onset (±10 ms), and not 150 ms off', () => {
    for (const song of songs) {
      const onsets = detectOnsets(renderLead(song.score));
      const wordTimes = committedWordTimes(song).words.map((word) => word.ms);
      const missed = wordTimes.filter((ms) => !hasOnsetNear(onsets, ms, 10));
      expect(missed, song.baseName).toEqual([]);
      // The detector is not promiscuous: about one onset per note, and shifted times mostly find none.
      expect(onsets.length, song.baseName).toBeLessThanOrEqual(song.score.lead.length * 1.3);
      const shifted = wordTimes.filter((ms) => hasOnsetNear(onsets, ms + 150, 10));
      expect(shifted.length, song.baseName).toBeLessThan(wordTimes.length * 0.2);
    }
  });
});

describe('demo album audio', () => {
  /** One song per lead voice and per groove: rendering all fifteen would take longer than the rest together. */
  const representatives = ['01 春晓', '02 咏鹅', '01 静夜思', '02 相思', '01 枫桥夜泊'].map((name) => {
    const song = songs.find((entry) => entry.baseName === name);
    if (song === undefined) throw new Error(`no song ${name}`);
    return song;
  });

  it('renders the same PCM from the same seed', () => {
    const again = composeDemoAlbum()[0];
    const first = songs[0];
    if (again === undefined || first === undefined) throw new Error('empty album');
    const bytes = (pcm: Float32Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    expect(bytes(renderLead(again.score)).equals(bytes(renderLead(first.score)))).toBe(true);
  });

  it('is music: loud enough, never clipping, tonal (not noise) and never silent while the song plays', () => {
    const noise = Float32Array.from({ length: SAMPLE_RATE * 20 }, mulberry32(7)).map((value) => value - 0.5);
    expect(spectralFlatness(noise)).toBeGreaterThan(0.4);
    for (const song of representatives) {
      const pcm = renderSong(song.score);
      expect(toDbfs(rms(pcm)), song.baseName).toBeGreaterThan(-19);
      expect(toDbfs(rms(pcm)), song.baseName).toBeLessThan(-14);
      expect(toDbfs(peak(pcm)), song.baseName).toBeLessThanOrEqual(-1);
      expect(spectralFlatness(pcm), song.baseName).toBeLessThan(0.1);
      const second = SAMPLE_RATE;
      for (let start = second; start + second < pcm.length - 3 * second; start += second) {
        expect(toDbfs(rms(pcm.subarray(start, start + second))), `${song.baseName} at ${start / second} s`).toBeGreaterThan(-35);
      }
    }
  });
});
