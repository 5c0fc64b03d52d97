import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MUSIC_SEARCH_PAGE_SIZE, SONG_LIST_PAGE_SIZE, type Playlist, type Song } from '../../../src/domain/player/music';
import { musicSearchMachine, type MusicSearchEmitted, type SearchPageRequest } from '../../../src/domain/player/musicSearch.machine';
import { defaultPlaylistId, playlistMachine, selectedListSongs, type TracksPageRequest } from '../../../src/domain/player/playlist.machine';
import { song } from '../../fakes/player';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A catalogue where keyword/playlist `key` has `total` songs; ids encode key and position. */
function pageOf(key: number, total: number, offset: number, limit: number): Song[] {
  return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => song(key * 1000 + offset + i + 1));
}
function all(key: number, total: number): Song[] {
  return pageOf(key, total, 0, total);
}

const KEYWORDS: Record<string, { key: number; total: number }> = {
  晴天: { key: 1, total: 45 },
  雨: { key: 2, total: 20 },
  无: { key: 3, total: 0 },
  七里香: { key: 4, total: 7 },
};

function startSearch(answer: (request: SearchPageRequest) => Promise<Song[]>) {
  const calls: SearchPageRequest[] = [];
  const actor = createActor(
    musicSearchMachine.provide({
      actors: {
        searchSongs: fromPromise(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  );
  const emitted: MusicSearchEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, calls, emitted, ctx: () => actor.getSnapshot().context };
}

const catalogue = async ({ keyword, offset, limit }: SearchPageRequest) => {
  const entry = KEYWORDS[keyword] ?? { key: 9, total: 0 };
  return pageOf(entry.key, entry.total, offset, limit);
};

describe('musicSearchMachine', () => {
  it('asks 20 from offset 0, then the next 20, and stops on an empty page', async () => {
    const { actor, calls, ctx } = startSearch(catalogue);
    actor.send({ type: 'keyword.submit', keyword: ' 晴天 ' });
    await settle();
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'page.next' });
      await settle();
    }
    expect(calls.map((c) => c.offset)).toEqual([0, 20, 40, 60]);
    expect(calls.every((c) => c.limit === MUSIC_SEARCH_PAGE_SIZE && c.keyword === '晴天')).toBe(true);
    expect(ctx().songs).toEqual(all(1, 45));
    expect(ctx().done).toBe(true);
  });

  it('clears on an empty keyword without a call', async () => {
    const { actor, calls, ctx } = startSearch(catalogue);
    actor.send({ type: 'keyword.submit', keyword: '雨' });
    await settle();
    actor.send({ type: 'keyword.submit', keyword: '   ' });
    actor.send({ type: 'page.next' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(ctx()).toMatchObject({ keyword: '', songs: [], offset: 0 });
  });

  it('says there are no such songs when the first page is empty', async () => {
    const { actor, emitted, ctx } = startSearch(catalogue);
    actor.send({ type: 'keyword.submit', keyword: '无' });
    await settle();
    expect(emitted).toEqual([{ type: 'notice', notice: 'search.empty', keyword: '无' }]);
    expect(ctx().done).toBe(true);
  });

  it('keeps the results and retries the same page after a failure', async () => {
    let fail = false;
    const { actor, calls, ctx } = startSearch((request) => (fail ? Promise.reject(new Error('超时')) : catalogue(request)));
    actor.send({ type: 'keyword.submit', keyword: '晴天' });
    await settle();
    fail = true;
    actor.send({ type: 'page.next' });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    fail = false;
    actor.send({ type: 'page.next' });
    await settle();
    expect(calls.map((c) => c.offset)).toEqual([0, 20, 20]);
    expect(ctx().songs).toEqual(all(1, 40));
  });

  it('shows only answers to the current keyword, pages in order, whatever order answers arrive in', async () => {
    const action = fc.oneof(
      fc.constantFrom(...Object.keys(KEYWORDS), '', '别的').map((keyword) => ({ type: 'keyword.submit' as const, keyword })),
      fc.constant({ type: 'page.next' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(action, { minLength: 1, maxLength: 15 }), async (s, actions) => {
        const { actor, ctx } = startSearch((request) => s.schedule(catalogue(request), `${request.keyword}@${request.offset}`));
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { keyword, songs } = snapshot.context;
          const entry = KEYWORDS[keyword];
          const expected = entry ? all(entry.key, entry.total).slice(0, songs.length) : [];
          if (JSON.stringify(songs) !== JSON.stringify(expected)) problems.push(`"${keyword}" shows foreign or out-of-order songs`);
        });
        const run = s.scheduleSequence(actions.map((event) => ({ label: JSON.stringify(event), builder: async () => actor.send(event) })));
        await s.waitFor(run.task);
        await s.waitAll();
        expect(problems).toEqual([]);
        const last = [...actions].reverse().find((event) => event.type === 'keyword.submit');
        expect(ctx().keyword).toBe(last && last.type === 'keyword.submit' ? last.keyword.trim() : '');
        // Drain: load more until done, and the whole result list is there in order.
        for (let i = 0; i < 5; i++) {
          actor.send({ type: 'page.next' });
          await s.waitAll();
        }
        const entry = KEYWORDS[ctx().keyword];
        if (entry) {
          expect(ctx().songs).toEqual(all(entry.key, entry.total));
          expect(ctx().done).toBe(true);
        }
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});

const PLAYLISTS: Playlist[] = [1, 2, 3, 4, 5].map((id) => ({ id, name: `榜单${id}`, coverImgUrl: '' }));
const TRACK_TOTALS: Record<number, number> = { 1: 0, 2: 31, 3: 60, 4: 75, 5: 10 };

function startPlaylists(answer: (request: TracksPageRequest) => Promise<Song[]>, playlists = PLAYLISTS) {
  const calls: TracksPageRequest[] = [];
  const actor = createActor(
    playlistMachine.provide({
      actors: {
        fetchPlaylists: fromPromise(async () => playlists),
        fetchTracks: fromPromise(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, calls, ctx: () => actor.getSnapshot().context };
}

const tracks = async ({ id, offset, limit }: TracksPageRequest) => pageOf(id, TRACK_TOTALS[id] ?? 0, offset, limit);

describe('playlistMachine', () => {
  it('waits for the overlay, then fetches the playlists and shows the fourth', async () => {
    const { actor, calls, ctx } = startPlaylists(tracks);
    await settle();
    expect(calls).toEqual([]);
    actor.send({ type: 'playlists.load' });
    await settle();
    await settle();
    expect(ctx().selectedId).toBe(4);
    expect(calls).toEqual([{ id: 4, offset: 0, limit: SONG_LIST_PAGE_SIZE }]);
    expect(ctx().songs).toEqual(all(4, 30));
    expect(defaultPlaylistId(PLAYLISTS.slice(0, 2))).toBe(2);
    expect(defaultPlaylistId([])).toBeNull();
  });

  it('gives play the selected list, fetching the playlists and the first page when the overlay has not', async () => {
    const { actor, calls } = startPlaylists(tracks);
    await expect(selectedListSongs(actor)).resolves.toEqual(all(4, 30));
    expect(calls).toEqual([{ id: 4, offset: 0, limit: SONG_LIST_PAGE_SIZE }]);
    // Loaded already: no new request.
    await expect(selectedListSongs(actor)).resolves.toEqual(all(4, 30));
    expect(calls).toHaveLength(1);
    // The reader chose another list, even one without songs.
    actor.send({ type: 'playlist.select', id: 1 });
    await expect(selectedListSongs(actor)).resolves.toEqual([]);
  });

  it('fails play when the first page fails, and asks again on the next play', async () => {
    let down = true;
    const { actor, calls } = startPlaylists((request) => (down ? Promise.reject(new Error('超时')) : tracks(request)));
    await expect(selectedListSongs(actor)).rejects.toThrow('超时');
    down = false;
    await expect(selectedListSongs(actor)).resolves.toEqual(all(4, 30));
    expect(calls.map((call) => call.offset)).toEqual([0, 0]);
  });

  it('pages by 30 and stops on an empty page', async () => {
    const { actor, calls, ctx } = startPlaylists(tracks);
    actor.send({ type: 'playlists.load' });
    await settle();
    await settle();
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'page.next' });
      await settle();
    }
    expect(calls.map((c) => c.offset)).toEqual([0, 30, 60, 90]);
    expect(ctx().songs).toEqual(all(4, 75));
    expect(ctx().done).toBe(true);
  });

  it('appends pages in order and drops answers for a playlist no longer shown, whatever order they arrive in', async () => {
    const action = fc.oneof(
      fc.constantFrom(1, 2, 3, 4, 5).map((id) => ({ type: 'playlist.select' as const, id })),
      fc.constant({ type: 'page.next' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(action, { minLength: 1, maxLength: 15 }), async (s, actions) => {
        const { actor, ctx } = startPlaylists((request) => s.schedule(tracks(request), `${request.id}@${request.offset}`));
        actor.send({ type: 'playlists.load' });
        await settle();
        const problems: string[] = [];
        actor.subscribe((snapshot) => {
          const { selectedId, songs } = snapshot.context;
          const expected = selectedId === null ? [] : all(selectedId, TRACK_TOTALS[selectedId]!).slice(0, songs.length);
          if (JSON.stringify(songs) !== JSON.stringify(expected)) problems.push(`playlist ${selectedId} shows foreign or out-of-order songs`);
        });
        const run = s.scheduleSequence(actions.map((event) => ({ label: JSON.stringify(event), builder: async () => actor.send(event) })));
        await s.waitFor(run.task);
        await s.waitAll();
        for (let i = 0; i < 5; i++) {
          actor.send({ type: 'page.next' });
          await s.waitAll();
        }
        expect(problems).toEqual([]);
        const id = ctx().selectedId!;
        const last = [...actions].reverse().find((event) => event.type === 'playlist.select');
        expect(id).toBe(last && last.type === 'playlist.select' ? last.id : 4);
        expect(ctx().songs).toEqual(all(id, TRACK_TOTALS[id]!));
        expect(ctx().done).toBe(true);
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
