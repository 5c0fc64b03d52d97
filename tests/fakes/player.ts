import { fromCallback, fromPromise } from 'xstate';
import type { Playlist, RawLyrics, Song } from '../../src/domain/player/music';
import type { AudioCommand, AudioEvent, LoadedTrack } from '../../src/domain/player/player.machine';
import type { AudioOutput, AudioOutputEvent } from '../../src/ports/audioOutput';
import type { MusicApi } from '../../src/ports/musicApi';

export function song(id: number, extra: Partial<Song> = {}): Song {
  return { id, name: `歌${id}`, artists: [`歌手${id}`], alias: [], cover: '', durationMs: 200_000, ...extra };
}

export const NO_LYRICS: RawLyrics = { lrc: '', tlyric: '', yrc: '' };

/** The player's `audio` actor: records the commands, and lets a test play the element's part. */
export function fakeAudio() {
  const commands: AudioCommand[] = [];
  let back: ((event: AudioEvent) => void) | null = null;
  const actor = fromCallback<AudioCommand, { volume: number }>(({ input, receive, sendBack }) => {
    commands.push({ type: 'volume', volume: input.volume });
    back = sendBack;
    receive((command) => commands.push(command));
  });
  return {
    actor,
    commands,
    /** Commands of one kind, in order. */
    of: <T extends AudioCommand['type']>(type: T) => commands.filter((c): c is Extract<AudioCommand, { type: T }> => c.type === type),
    report(event: AudioEvent) {
      if (!back) throw new Error('audio actor not started');
      back(event);
    },
  };
}

/** The player's `loadTrack` actor over a table: songs in `noRights` have no URL. */
export function fakeLoader(options: { noRights?: ReadonlySet<number>; lyrics?: (id: number) => RawLyrics; fail?: ReadonlySet<number> } = {}) {
  const loaded: number[] = [];
  const actor = fromPromise<LoadedTrack, { song: Song }>(async ({ input }) => {
    loaded.push(input.song.id);
    if (options.fail?.has(input.song.id)) throw new Error('网络连接失败');
    return {
      url: options.noRights?.has(input.song.id) ? null : `https://music.test/${input.song.id}.mp3`,
      lyrics: options.lyrics?.(input.song.id) ?? NO_LYRICS,
    };
  });
  return { actor, loaded };
}

/** The player's `loadSelectedList` actor: answers `songs` (or fails with `answer` when it is an Error). */
export function fakeSelectedList(answer: readonly Song[] | Error) {
  let asked = 0;
  const actor = fromPromise<Song[]>(async () => {
    asked += 1;
    if (answer instanceof Error) throw answer;
    return [...answer];
  });
  return { actor, asked: () => asked };
}

/** An in-memory AudioOutput: plays whatever it is told and reports like an element would. */
export class FakeAudioOutput implements AudioOutput {
  readonly listeners = new Set<(event: AudioOutputEvent) => void>();
  src: string | null = null;
  position = 0;
  volume = 1;
  isPaused = true;
  refusePlay = false;

  load(url: string, startAt = 0) {
    this.src = url;
    this.position = startAt;
  }
  async play() {
    if (this.refusePlay) {
      this.fire({ type: 'playFailed', message: 'NotAllowedError' });
      throw new Error('NotAllowedError');
    }
    this.isPaused = false;
  }
  pause() {
    this.isPaused = true;
  }
  seek(seconds: number) {
    this.position = seconds;
  }
  setVolume(volume: number) {
    this.volume = volume;
  }
  currentTime() {
    return this.position;
  }
  paused() {
    return this.isPaused;
  }
  subscribe(listener: (event: AudioOutputEvent) => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  fire(event: AudioOutputEvent) {
    this.listeners.forEach((listener) => listener(event));
  }
}

/** A MusicApi over fixed data. */
export function fakeMusicApi(data: { playlists?: Playlist[]; tracks?: Song[]; noRights?: number[] } = {}) {
  const calls: string[] = [];
  const api = {
    async playlists() {
      calls.push('playlists');
      return data.playlists ?? [];
    },
    async playlistTracks(id, offset, limit) {
      calls.push(`tracks ${id} ${offset} ${limit}`);
      return (data.tracks ?? []).slice(offset, offset + limit);
    },
    async songDetail(ids) {
      return (data.tracks ?? []).filter((track) => ids.includes(track.id));
    },
    async songUrl(id, level) {
      calls.push(`url ${id} ${level}`);
      return data.noRights?.includes(id) ? null : `https://music.test/${id}.mp3`;
    },
    async lyric(id) {
      calls.push(`lyric ${id}`);
      return { lrc: '[00:01.00]第一句\n[00:03.00]第二句', tlyric: '', yrc: '' };
    },
    async search(keywords, offset, limit) {
      calls.push(`search ${keywords} ${offset} ${limit}`);
      return [];
    },
  } satisfies MusicApi;
  return { api, calls };
}
