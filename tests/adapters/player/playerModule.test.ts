import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSavedPlayer, restorePlayer } from '../../../src/domain/player/persistence';
import { PLAYER_STORAGE_KEY } from '../../../src/adapters/player/playerModule';
import { startPlayer, startPlaylist } from '../../../src/adapters/player/playerRuntime';
import { createTabLease } from '../../../src/adapters/player/tabLease';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { KeyValueStore } from '../../../src/ports/keyValueStore';
import type { MediaMetadataInfo, MediaSession, MediaSessionHandlers } from '../../../src/ports/mediaSession';
import type { MusicApi } from '../../../src/ports/musicApi';
import type { Notice } from '../../../src/ports/notifier';
import { FakeAudioOutput, fakeMusicApi, song } from '../../fakes/player';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  get<T>(key: string): T | undefined {
    const raw = this.data.get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }
  set(key: string, value: unknown) {
    this.data.set(key, JSON.stringify(value));
  }
  remove(key: string) {
    this.data.delete(key);
  }
}

class RecordingMediaSession implements MediaSession {
  metadata: MediaMetadataInfo | null = null;
  state = 'none';
  handlers: MediaSessionHandlers | null = null;
  setMetadata(metadata: MediaMetadataInfo | null) {
    this.metadata = metadata;
  }
  setPlaybackState(state: 'playing' | 'paused' | 'none') {
    this.state = state;
  }
  setPosition() {}
  setHandlers(handlers: MediaSessionHandlers) {
    this.handlers = handlers;
    return () => {
      this.handlers = null;
    };
  }
}

const LIST = [song(1), song(2), song(3)];

/** A tab's player; `network` says whether the browser is online and whether song addresses come. */
function tab(local: MemoryStore, id: string, noRights: number[] = [], network: { online: boolean; reachable: boolean } = { online: true, reachable: true }) {
  const fake = fakeMusicApi({ noRights });
  const { calls } = fake;
  const api: MusicApi = network.reachable ? fake.api : { ...fake.api, songUrl: () => Promise.reject(new TypeError('Failed to fetch')) };
  const audio = new FakeAudioOutput();
  const media = new RecordingMediaSession();
  const notices: Notice[] = [];
  let hide = () => {};
  const player = startPlayer({
    api,
    playlist: startPlaylist(api),
    audio,
    media,
    local,
    random: { int: () => 0 },
    notifier: { notify: (notice) => notices.push(notice) },
    lease: createTabLease(local, id),
    online: () => network.online,
    onPageHide: (listener) => {
      hide = listener;
    },
  });
  return { player, calls, audio, media, notices, hide: () => hide() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the player module', () => {
  it('loads url (exhigh) and lyrics, plays, and feeds the audio element time back', async () => {
    const local = new MemoryStore();
    const { player, calls, audio, media } = tab(local, 'a');
    player.send({ type: 'track.select', songs: LIST, index: 1 });
    await settle();
    expect(calls).toEqual(['url 2 exhigh', 'lyric 2']);
    expect(audio.src).toBe('https://music.test/2.mp3');
    expect(audio.isPaused).toBe(false);
    expect(player.getSnapshot().context.track?.lyricList).toEqual(['第一句', '第二句']);
    expect(media.metadata).toMatchObject({ title: '歌2', artist: '歌手2' });
    expect(media.state).toBe('playing');
    audio.fire({ type: 'time', time: 3.2 });
    expect(player.getSnapshot().context).toMatchObject({ currentTime: 3.2, currentLyricIndex: 1 });
    media.handlers!.next();
    await settle();
    expect(player.getSnapshot().context.current?.id).not.toBe(2);
  });

  it('pauses (and only logs) when the browser refuses to play', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { player, audio, notices } = tab(new MemoryStore(), 'a');
    audio.refusePlay = true;
    player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(player.getSnapshot().matches({ playback: 'paused' })).toBe(true);
    expect(warn).toHaveBeenCalled();
    expect(notices).toEqual([]);
  });

  it('offline, a song that cannot load says once that the player needs a network', async () => {
    const { player, notices } = tab(new MemoryStore(), 'a', [], { online: false, reachable: false });
    player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(player.getSnapshot().hasTag('error')).toBe(true);
    expect(notices).toEqual([{ level: 'warning', message: zhCN.music.needsNetwork }]);
    // Asked again while still offline: one more failure, one more message.
    player.send({ type: 'playback.play' });
    await settle();
    expect(notices.map((notice) => notice.message)).toEqual([zhCN.music.needsNetwork, zhCN.music.needsNetwork]);
  });

  it('offline, a play the browser refuses says so too; online, a failure never blames the network', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = tab(new MemoryStore(), 'a', [], { online: false, reachable: true });
    offline.audio.refusePlay = true;
    offline.player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(offline.notices.map((notice) => notice.message)).toEqual([zhCN.music.needsNetwork]);

    const online = tab(new MemoryStore(), 'b', [], { online: true, reachable: false });
    online.player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(online.player.getSnapshot().hasTag('error')).toBe(true);
    expect(online.notices.map((notice) => notice.message)).not.toContain(zhCN.music.needsNetwork);
  });

  it('turns notices into Chinese toasts', async () => {
    const { player, notices } = tab(new MemoryStore(), 'a', [1]);
    player.send({ type: 'custom.add', song: LIST[2]! });
    player.send({ type: 'custom.add', song: LIST[2]! });
    player.send({ type: 'custom.remove', id: 3 });
    player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(notices.map((notice) => notice.message)).toEqual(['添加成功', '这首歌已经在我的歌单里啦', '删除成功', '《歌1》暂无版权，已为你跳过']);
  });

  it('saves on hide and the next visit restores paused at the saved position', async () => {
    const local = new MemoryStore();
    const first = tab(local, 'a');
    first.player.send({ type: 'mode.cycle' });
    first.player.send({ type: 'custom.add', song: LIST[0]! });
    first.player.send({ type: 'track.select', songs: LIST, index: 2 });
    await settle();
    first.audio.fire({ type: 'time', time: 61.5 });
    first.hide();
    const stored = restorePlayer(local.get(PLAYER_STORAGE_KEY));
    expect(stored).toMatchObject({ mode: 'LISTLOOP', currentTime: 61.5, current: LIST[2], source: 'TOP' });

    const next = tab(local, 'b');
    await settle();
    expect(next.player.getSnapshot().matches({ playback: 'paused' })).toBe(true);
    expect(next.audio.src).toBe('https://music.test/3.mp3');
    expect(next.audio.position).toBe(61.5);
    expect(next.audio.isPaused).toBe(true);
    expect(next.player.getSnapshot().context.customList).toEqual([LIST[0]]);
  });

  it('only the tab that plays writes, and its start pauses the other tab', async () => {
    const local = new MemoryStore();
    const a = tab(local, 'a');
    const b = tab(local, 'b');
    a.player.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    b.player.send({ type: 'volume.set', percent: 10 });
    b.hide();
    expect(local.get(PLAYER_STORAGE_KEY)).toBeUndefined();
    a.hide();
    expect(restorePlayer(local.get(PLAYER_STORAGE_KEY)).current).toEqual(LIST[0]);

    b.player.send({ type: 'track.select', songs: LIST, index: 1 });
    await settle();
    await settle();
    expect(a.player.getSnapshot().matches({ playback: 'paused' })).toBe(true);
    a.hide();
    expect(restorePlayer(local.get(PLAYER_STORAGE_KEY)).current).toEqual(LIST[0]);
    b.hide();
    expect(restorePlayer(local.get(PLAYER_STORAGE_KEY))).toMatchObject({ current: LIST[1], volume: 0.1 });
  });

  it('a first visit with nothing stored starts from the defaults', () => {
    const { player } = tab(new MemoryStore(), 'a');
    expect(player.getSnapshot().matches({ playback: 'idle' })).toBe(true);
    expect(player.getSnapshot().context.volume).toBe(defaultSavedPlayer().volume);
  });
});
