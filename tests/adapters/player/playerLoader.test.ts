import { describe, expect, it } from 'vitest';
import { createPlayerLoader, PLAYER_STORAGE_KEY } from '../../../src/adapters/player/playerModule';
import { createPlayerRuntime, type RuntimeDeps } from '../../../src/adapters/player/playerRuntime';
import { createTabLease } from '../../../src/adapters/player/tabLease';
import { defaultSavedPlayer, savedSongSummary, toSaved } from '../../../src/domain/player/persistence';
import type { KeyValueStore } from '../../../src/ports/keyValueStore';
import type { MediaSession } from '../../../src/ports/mediaSession';
import { FakeAudioOutput, fakeMusicApi, song } from '../../fakes/player';

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

const quietMedia: MediaSession = {
  setMetadata() {},
  setPlaybackState() {},
  setPosition() {},
  setHandlers: () => () => {},
};

function loader(local = new MemoryStore(), importFails = 0) {
  const { api, calls } = fakeMusicApi({ playlists: [{ id: 1, name: '热歌榜', coverImgUrl: '' }] });
  let imports = 0;
  let failures = importFails;
  const audio = new FakeAudioOutput();
  const deps = {
    api,
    local,
    random: { int: () => 0 },
    notifier: { notify: () => {} },
    audio,
    media: quietMedia,
    lease: createTabLease(local, 'tab'),
    onPageHide: () => {},
  } satisfies RuntimeDeps;
  const playerLoader = createPlayerLoader({
    ...deps,
    importRuntime: async () => {
      imports += 1;
      if (failures > 0) {
        failures -= 1;
        throw new Error('chunk failed');
      }
      return { createPlayerRuntime };
    },
  });
  return { playerLoader, calls, audio, imports: () => imports };
}

describe('the player loader (the first-load half of the player)', () => {
  it('reads the saved song without loading or starting anything', () => {
    const local = new MemoryStore();
    local.set(PLAYER_STORAGE_KEY, toSaved({ ...defaultSavedPlayer(), current: song(4), currentTime: 12 }));
    const { playerLoader, calls, imports } = loader(local);
    expect(savedSongSummary(playerLoader.savedState())).toEqual({ song: song(4), currentTime: 12 });
    expect(playerLoader.current()).toBeNull();
    expect(imports()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('loads the runtime once: concurrent and later calls get the same actors, listeners hear it once', async () => {
    const { playerLoader, imports } = loader();
    let heard = 0;
    playerLoader.subscribe(() => (heard += 1));
    const [a, b] = await Promise.all([playerLoader.load(), playerLoader.load()]);
    const c = await playerLoader.load();
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(playerLoader.current()).toBe(a);
    expect(imports()).toBe(1);
    expect(heard).toBe(1);
    expect(a.player.getSnapshot().matches({ playback: 'idle' })).toBe(true);
    a.playlist.send({ type: 'playlists.load' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(a.playlist.getSnapshot().context.playlists.map((list) => list.name)).toEqual(['热歌榜']);
  });

  it('restores the saved song (paused, at its position) only when the runtime starts', async () => {
    const local = new MemoryStore();
    local.set(PLAYER_STORAGE_KEY, toSaved({ ...defaultSavedPlayer(), current: song(4), currentTime: 12 }));
    const { playerLoader, calls, audio } = loader(local);
    playerLoader.preload();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual([]);
    const { player } = await playerLoader.load();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual(['url 4 exhigh', 'lyric 4']);
    expect(player.getSnapshot().matches({ playback: 'paused' })).toBe(true);
    expect(audio.position).toBe(12);
  });

  it('a failed chunk fetch is retried by the next use', async () => {
    const { playerLoader, imports } = loader(new MemoryStore(), 1);
    await expect(playerLoader.load()).rejects.toThrow('chunk failed');
    expect(playerLoader.current()).toBeNull();
    const runtime = await playerLoader.load();
    expect(runtime.player).toBeDefined();
    expect(imports()).toBe(2);
  });
});
