import fs from 'node:fs/promises';
import path from 'node:path';
import { DEMO_PLAYLISTS, DEMO_SEED, type DemoPlaylist, type DemoSong } from './catalogue';
import { renderCover } from './cover';
import { encodeMp3, tagMp3 } from './encode';
import { enhancedLrcText, lrcText, translationLrcText, yrcText, type LyricMeta } from './lyrics';
import { deriveSeed } from './random';
import { composeSong, type Score } from './score';
import { peak, renderSong, rms, SAMPLE_RATE, toDbfs } from './synth';

const MP3_KBPS = 64;
const COVER_PIXELS = 600;
const EMBEDDED_COVER_PIXELS = 300;
const ARTIST_SEPARATOR = '/';
/** The channel every demo song is credited to besides its poet. */
const PERFORMER = '听雨小筑';

/** A song placed in its playlist, composed, with the text of its lyric files. */
export interface ComposedSong {
  playlist: DemoPlaylist;
  song: DemoSong;
  /** `01 静夜思`: the name every file of the song shares. */
  baseName: string;
  trackNumber: number;
  score: Score;
  /** File name → content of the lyric files (`.lrc`, `.yrc` or enhanced LRC, `.t.lrc`). */
  lyricFiles: Record<string, string>;
}

export interface SongReport {
  file: string;
  durationMs: number;
  rmsDbfs: number;
  peakDbfs: number;
  bytes: number;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

export function artistOf(song: DemoSong): string {
  return [song.poet, PERFORMER].join(ARTIST_SEPARATOR);
}

function lyricFilesOf(baseName: string, song: DemoSong, score: Score, meta: LyricMeta): Record<string, string> {
  const files: Record<string, string> = {};
  if (song.enhancedLrc === true) {
    files[`${baseName}.lrc`] = enhancedLrcText(score, meta);
  } else {
    files[`${baseName}.lrc`] = lrcText(score, meta);
    files[`${baseName}.yrc`] = yrcText(score);
  }
  if (song.translation !== undefined) files[`${baseName}.t.lrc`] = translationLrcText(score, meta, song.translation);
  return files;
}

/** Every song of the demo album composed from the seed: pure and fast (no audio), so tests can compare files. */
export function composeDemoAlbum(seed = DEMO_SEED): ComposedSong[] {
  return DEMO_PLAYLISTS.flatMap((playlist) =>
    playlist.songs.map((song, index) => {
      const trackNumber = index + 1;
      const baseName = `${twoDigits(trackNumber)} ${song.title}`;
      const { poem, mode, tonicMidi, beatMs, voice, groove } = song;
      const score = composeSong({ poem, mode, tonicMidi, beatMs, voice, groove, seed: deriveSeed(seed, song.title) });
      const meta = { title: song.title, artist: artistOf(song), album: playlist.name };
      return { playlist, song, baseName, trackNumber, score, lyricFiles: lyricFilesOf(baseName, song, score, meta) };
    }),
  );
}

async function writeSong(folder: string, composed: ComposedSong, cover: Buffer | undefined): Promise<SongReport> {
  const { song, playlist, baseName, score } = composed;
  const pcm = renderSong(score);
  const encoded = encodeMp3(pcm, MP3_KBPS);
  const mp3 = song.untagged === true
    ? encoded
    : tagMp3(encoded, {
        title: song.title,
        artist: artistOf(song),
        album: playlist.name,
        trackNumber: String(composed.trackNumber),
        subtitle: song.alias,
        ...(cover === undefined ? {} : { cover }),
      });
  const file = path.join(folder, `${baseName}.mp3`);
  await fs.writeFile(file, mp3);
  for (const [name, text] of Object.entries(composed.lyricFiles)) await fs.writeFile(path.join(folder, name), text);
  return { file, durationMs: (pcm.length / SAMPLE_RATE) * 1000, rmsDbfs: toDbfs(rms(pcm)), peakDbfs: toDbfs(peak(pcm)), bytes: mp3.length };
}

/**
 * (Re)writes the demo album under `outDir`: one folder per playlist with its cover, description and songs.
 * Only the playlist folders of the catalogue are replaced; anything else in `outDir` is left alone.
 */
export async function generateDemoAlbum(outDir: string, onSong: (report: SongReport, index: number, total: number) => void = () => {}): Promise<SongReport[]> {
  const songs = composeDemoAlbum();
  const reports: SongReport[] = [];
  for (const playlist of DEMO_PLAYLISTS) {
    const folder = path.join(outDir, playlist.folder);
    await fs.rm(folder, { recursive: true, force: true });
    await fs.mkdir(folder, { recursive: true });
    const coverSeed = deriveSeed(DEMO_SEED, playlist.folder);
    await fs.writeFile(path.join(folder, 'cover.jpg'), await renderCover(playlist.theme, coverSeed, COVER_PIXELS));
    await fs.writeFile(path.join(folder, 'description.txt'), `${playlist.description}\n`);
    for (const composed of songs.filter((entry) => entry.playlist === playlist)) {
      const cover = composed.song.embedCover === true
        ? await renderCover(playlist.theme, deriveSeed(coverSeed, composed.song.title), EMBEDDED_COVER_PIXELS)
        : undefined;
      const report = await writeSong(folder, composed, cover);
      reports.push(report);
      onSong(report, reports.length, songs.length);
    }
  }
  return reports;
}
