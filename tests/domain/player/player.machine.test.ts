import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { LYRIC_CLICK_FLAG_MS, LYRIC_RECENTRE_MS, PROGRESS_FLAG_MS, type RawLyrics, type PlayMode, type PlaySource, type Song } from '../../../src/domain/player/music';
import { defaultSavedPlayer, toSaved, type SavedPlayer } from '../../../src/domain/player/persistence';
import { playerMachine, type PlayerEmitted } from '../../../src/domain/player/player.machine';
import { fakeAudio, fakeLoader, fakeSelectedList, song } from '../../fakes/player';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

interface StartOptions {
  saved?: SavedPlayer;
  noRights?: number[];
  fail?: number[];
  lyrics?: (id: number) => RawLyrics;
  random?: (max: number) => number;
  /** What the overlay's selected list answers when play starts with nothing loaded. */
  selectedList?: readonly Song[] | Error;
}

function start(options: StartOptions = {}) {
  const audio = fakeAudio();
  const loader = fakeLoader({ noRights: new Set(options.noRights), fail: new Set(options.fail), lyrics: options.lyrics });
  const selected = fakeSelectedList(options.selectedList ?? []);
  const machine = playerMachine.provide({ actors: { audio: audio.actor, loadTrack: loader.actor, loadSelectedList: selected.actor } });
  const actor = createActor(machine, { input: { saved: options.saved, randomInt: options.random ?? (() => 0) } });
  const emitted: PlayerEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  const ctx = () => actor.getSnapshot().context;
  const playing = () => actor.getSnapshot().matches({ playback: 'playing' });
  const paused = () => actor.getSnapshot().matches({ playback: 'paused' });
  return { actor, audio, loader, selected, emitted, ctx, playing, paused };
}

const LIST = [song(1), song(2), song(3), song(4)];

afterEach(() => {
  vi.useRealTimers();
});

describe('playerMachine playback', () => {
  it('starts idle and ready with the spec defaults', () => {
    const { actor, ctx, audio } = start();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(ctx()).toMatchObject({ volume: 0.5, mode: 'RANDOM', source: 'TOP', lyricType: 'COMMON', current: null });
    expect(audio.commands).toEqual([{ type: 'volume', volume: 0.5 }]);
  });

  it('loads a selected song and plays it at once', async () => {
    const { actor, ctx, audio, loader, playing } = start();
    actor.send({ type: 'track.select', songs: LIST, index: 2 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(loader.loaded).toEqual([3]);
    expect(playing()).toBe(true);
    expect(ctx().track).toMatchObject({ id: 3, url: 'https://music.test/3.mp3' });
    expect(audio.commands.slice(1)).toEqual([
      { type: 'pause' },
      { type: 'load', url: 'https://music.test/3.mp3', startAt: 0 },
      { type: 'play' },
    ]);
  });

  it('toggles between playing and paused', async () => {
    const { actor, audio, playing, paused } = start();
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    actor.send({ type: 'playback.toggle' });
    expect(paused()).toBe(true);
    expect(audio.commands.at(-1)).toEqual({ type: 'pause' });
    actor.send({ type: 'playback.toggle' });
    expect(playing()).toBe(true);
    expect(audio.commands.at(-1)).toEqual({ type: 'play' });
  });

  it.each(['playback.toggle', 'playback.play'] as const)(
    '%s with nothing loaded plays the first song of the selected list (whatever the mode)',
    async (type) => {
      const { actor, ctx, loader, selected, playing } = start({ selectedList: LIST, random: () => 2 });
      actor.send({ type });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await settle();
      expect(selected.asked()).toBe(1);
      expect(loader.loaded).toEqual([1]);
      expect(playing()).toBe(true);
      expect(ctx()).toMatchObject({ current: LIST[0], topList: LIST, source: 'TOP' });
    },
  );

  it('play with nothing loaded stays idle on an empty list, and on a failed one only logs it', async () => {
    const empty = start({ selectedList: [] });
    empty.actor.send({ type: 'playback.toggle' });
    await settle();
    expect(empty.actor.getSnapshot().matches({ playback: 'idle' })).toBe(true);
    expect(empty.loader.loaded).toEqual([]);

    const failing = start({ selectedList: new Error('网络连接失败') });
    failing.actor.send({ type: 'playback.play' });
    await settle();
    expect(failing.actor.getSnapshot().matches({ playback: 'idle' })).toBe(true);
    expect(failing.emitted).toEqual([{ type: 'play.failed', message: '网络连接失败' }]);
    // The next press asks again.
    failing.actor.send({ type: 'playback.play' });
    await settle();
    expect(failing.selected.asked()).toBe(2);
  });

  it('pauses when play is refused, and only logs it', async () => {
    const { actor, emitted, paused } = start();
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    actor.send({ type: 'audio.playFailed', message: 'NotAllowedError' });
    expect(paused()).toBe(true);
    expect(emitted).toContainEqual({ type: 'play.failed', message: 'NotAllowedError' });
    expect(emitted.filter((event) => event.type === 'notice')).toEqual([]);
  });

  it('follows pauses and plays from outside (headphones, OS)', async () => {
    const { actor, playing, paused } = start();
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    actor.send({ type: 'audio.paused' });
    expect(paused()).toBe(true);
    actor.send({ type: 'audio.played' });
    expect(playing()).toBe(true);
  });

  it('plays the next song at the end, and replays in single cycle', async () => {
    const { actor, ctx, audio } = start();
    actor.send({ type: 'mode.cycle' }); // LISTLOOP
    actor.send({ type: 'track.select', songs: LIST, index: 3 });
    await settle();
    actor.send({ type: 'audio.ended' });
    await settle();
    expect(ctx().current?.id).toBe(1);
    actor.send({ type: 'mode.cycle' }); // SINGLECYCLE
    const before = audio.commands.length;
    actor.send({ type: 'audio.ended' });
    await settle();
    expect(ctx().current?.id).toBe(1);
    expect(audio.commands.slice(before)).toEqual([{ type: 'seek', time: 0 }, { type: 'play' }]);
  });

  it('skips a song without rights with a notice, in the direction of travel', async () => {
    const { actor, ctx, emitted, playing } = start({ noRights: [2] });
    actor.send({ type: 'mode.cycle' }); // LISTLOOP
    actor.send({ type: 'track.select', songs: LIST, index: 1 });
    await settle();
    await settle();
    expect(ctx().current?.id).toBe(3);
    expect(playing()).toBe(true);
    expect(emitted).toContainEqual({ type: 'notice', notice: 'song.unavailable', song: LIST[1] });
    actor.send({ type: 'track.previous' });
    await settle();
    await settle();
    expect(ctx().current?.id).toBe(1);
  });

  it('gives up with the error tag when no song of the list has rights', async () => {
    const { actor, ctx, loader } = start({ noRights: [1, 2, 3, 4] });
    actor.send({ type: 'mode.cycle' });
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    for (let i = 0; i < 8; i++) await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(ctx().error).toBe('unavailable');
    expect(loader.loaded.length).toBeLessThanOrEqual(LIST.length + 1);
  });

  it('reports a failed load and retries on play', async () => {
    const { actor, ctx, loader } = start({ fail: [1] });
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(ctx().error).toBe('网络连接失败');
    actor.send({ type: 'playback.play' });
    await settle();
    expect(loader.loaded).toEqual([1, 1]);
  });

  it('tracks time, duration and the active lyric line with the song offset', async () => {
    const lyrics = () => ({ lrc: '[00:01.00]一\n[00:03.00]二\n[00:05.00]三', tlyric: '', yrc: '' });
    const { actor, ctx } = start({ lyrics });
    actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    actor.send({ type: 'audio.duration', duration: 180 });
    actor.send({ type: 'audio.time', time: 2.6 });
    expect(ctx()).toMatchObject({ duration: 180, currentTime: 2.6, currentLyricIndex: 0 });
    actor.send({ type: 'lyric.offset.shift', delta: 0.5 });
    expect(ctx().currentLyricIndex).toBe(1);
    expect(ctx().lyricOffsets).toEqual([{ songId: 1, seconds: 0.5 }]);
    actor.send({ type: 'lyric.offset.reset' });
    expect(ctx().lyricOffsets).toEqual([]);
  });

  it('restores a saved visit paused at the saved position', async () => {
    const saved = { ...defaultSavedPlayer(), topList: LIST, current: LIST[2]!, currentTime: 42.5, mode: 'LISTLOOP' as const, volume: 0.3 };
    const { actor, ctx, audio, selected, paused } = start({ saved, selectedList: LIST });
    await settle();
    expect(paused()).toBe(true);
    expect(ctx()).toMatchObject({ currentTime: 42.5, mode: 'LISTLOOP', volume: 0.3 });
    expect(audio.of('load')).toEqual([{ type: 'load', url: 'https://music.test/3.mp3', startAt: 42.5 }]);
    expect(audio.of('play')).toEqual([]);
    expect(toSaved(ctx())).toEqual(saved);
    actor.send({ type: 'playback.toggle' });
    expect(audio.commands.at(-1)).toEqual({ type: 'play' });
    expect(selected.asked()).toBe(0);
  });

  it('sets the volume from the 0–100 slider', () => {
    const { actor, ctx, audio } = start();
    actor.send({ type: 'volume.set', percent: 73.6 });
    expect(ctx().volume).toBe(0.74);
    expect(audio.commands.at(-1)).toEqual({ type: 'volume', volume: 0.74 });
  });

  it('opens the overlay and the board, and ?showSpecial opens both in SPECIAL', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'player.toggle' });
    actor.send({ type: 'board.show', show: true });
    expect(ctx()).toMatchObject({ showPlayer: true, showLyricBoard: true });
    actor.send({ type: 'player.show', show: false });
    actor.send({ type: 'board.toggle' });
    expect(ctx()).toMatchObject({ showPlayer: false, showLyricBoard: false });
    actor.send({ type: 'board.special' });
    expect(ctx()).toMatchObject({ showPlayer: true, showLyricBoard: true, lyricType: 'SPECIAL' });
  });

  it('clamps lyric board settings', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'lyric.settings', settings: { titleSize: 10, brightness: 0.27 } });
    expect(ctx().lyricSettings).toEqual({ titleSize: 5, authorSize: 1.4, lyricSize: 1.8, brightness: 0.3 });
  });
});

describe('playerMachine timing', () => {
  const lyrics = () => ({ lrc: '[00:01.00]一\n[00:03.00]二\n[00:05.00]三', tlyric: '', yrc: '' });

  async function startPaused() {
    const player = start({ lyrics });
    player.actor.send({ type: 'track.select', songs: LIST, index: 0 });
    await settle();
    player.actor.send({ type: 'playback.pause' });
    vi.useFakeTimers();
    return player;
  }

  it('a slider seek sets the time, resumes playback and holds isUseProgress for 200 ms', async () => {
    const { actor, ctx, audio, playing, loader } = await startPaused();
    actor.send({ type: 'seek.commit', time: 3.5 });
    expect(playing()).toBe(true);
    expect(loader.loaded).toEqual([1]);
    expect(ctx()).toMatchObject({ currentTime: 3.5, currentLyricIndex: 1, isUseProgress: true });
    expect(audio.commands.slice(-2)).toEqual([{ type: 'seek', time: 3.5 }, { type: 'play' }]);
    // A stale time update from before the seek must not move the slider back.
    actor.send({ type: 'audio.time', time: 0.2 });
    expect(ctx().currentTime).toBe(3.5);
    vi.advanceTimersByTime(PROGRESS_FLAG_MS - 1);
    expect(ctx().isUseProgress).toBe(true);
    vi.advanceTimersByTime(1);
    expect(ctx().isUseProgress).toBe(false);
    actor.send({ type: 'audio.time', time: 3.7 });
    expect(ctx().currentTime).toBe(3.7);
  });

  it('a second seek restarts the 200 ms', async () => {
    const { actor, ctx } = await startPaused();
    actor.send({ type: 'seek.commit', time: 1 });
    vi.advanceTimersByTime(150);
    actor.send({ type: 'seek.commit', time: 2 });
    vi.advanceTimersByTime(150);
    expect(ctx().isUseProgress).toBe(true);
    vi.advanceTimersByTime(50);
    expect(ctx().isUseProgress).toBe(false);
  });

  it('a lyric click seeks to the line (minus the offset) and holds isClickLyric for 100 ms', async () => {
    const { actor, ctx, audio, playing } = await startPaused();
    actor.send({ type: 'lyric.offset.shift', delta: 0.5 });
    actor.send({ type: 'lyric.seek', index: 2 });
    expect(playing()).toBe(true);
    expect(ctx()).toMatchObject({ currentTime: 4.5, currentLyricIndex: 2, isClickLyric: true, isUseProgress: false });
    expect(audio.of('seek').at(-1)).toEqual({ type: 'seek', time: 4.5 });
    vi.advanceTimersByTime(LYRIC_CLICK_FLAG_MS - 1);
    expect(ctx().isClickLyric).toBe(true);
    vi.advanceTimersByTime(1);
    expect(ctx().isClickLyric).toBe(false);
  });

  it('ignores a click on a line that does not exist', async () => {
    const { actor, ctx } = await startPaused();
    actor.send({ type: 'lyric.seek', index: 3 });
    expect(ctx().isClickLyric).toBe(false);
  });

  it('switching to COMMON re-centres the current line after 300 ms', async () => {
    const { actor, ctx, emitted, loader, paused } = await startPaused();
    actor.send({ type: 'audio.time', time: 3.2 });
    actor.send({ type: 'lyric.type.toggle' });
    expect(ctx().lyricType).toBe('SPECIAL');
    vi.advanceTimersByTime(LYRIC_RECENTRE_MS * 2);
    expect(emitted.filter((event) => event.type === 'lyric.recentre')).toEqual([]);
    actor.send({ type: 'lyric.type.toggle' });
    expect(ctx()).toMatchObject({ lyricType: 'COMMON', isToggleImg: true });
    vi.advanceTimersByTime(LYRIC_RECENTRE_MS - 1);
    expect(emitted.filter((event) => event.type === 'lyric.recentre')).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(emitted.filter((event) => event.type === 'lyric.recentre')).toEqual([{ type: 'lyric.recentre', index: 1 }]);
    expect(ctx()).toMatchObject({ isToggleImg: false, recentreRequests: 1 });
    // The board's switches never touch playback.
    expect(loader.loaded).toEqual([1]);
    expect(paused()).toBe(true);
  });
});

// ---- Model-based: the spec's rules on modes, next/previous, sources and my list, as a plain model ----

interface Model {
  mode: PlayMode;
  source: PlaySource;
  top: Song[];
  custom: Song[];
  currentId: number | null;
  playing: boolean;
}

type Real = ReturnType<typeof start>;

const POOL = Array.from({ length: 7 }, (_, i) => song(i + 1));
/** The overlay's selected list in the model runs. */
const SELECTED = POOL.slice(2, 5);
const MODES: PlayMode[] = ['RANDOM', 'LISTLOOP', 'SINGLECYCLE'];

function modelList(m: Model): Song[] {
  return m.source === 'CUSTOM' ? m.custom : m.top;
}

function expectMatches(m: Model, r: Real) {
  const c = r.ctx();
  expect(c.mode).toBe(m.mode);
  expect(c.source).toBe(m.source);
  expect(c.customList.map((s) => s.id)).toEqual(m.custom.map((s) => s.id));
  expect(c.topList.map((s) => s.id)).toEqual(m.top.map((s) => s.id));
  expect(c.current?.id ?? null).toBe(m.currentId);
  if (m.currentId !== null) expect(r.playing()).toBe(m.playing);
}

/** The model's own reading of spec section 4 for next/previous; RANDOM only constrains (checked, then adopted). */
function travel(m: Model, r: Real, direction: 'next' | 'previous') {
  const list = modelList(m);
  if (list.length === 0) return;
  const at = list.findIndex((s) => s.id === m.currentId);
  const got = r.ctx().current!.id;
  if (m.mode === 'LISTLOOP') {
    const expected = at < 0 ? (direction === 'next' ? 0 : list.length - 1) : (at + (direction === 'next' ? 1 : list.length - 1)) % list.length;
    expect(got).toBe(list[expected]!.id);
  } else if (m.mode === 'SINGLECYCLE') {
    expect(got).toBe(at < 0 ? list[direction === 'next' ? 0 : list.length - 1]!.id : m.currentId);
  } else {
    expect(list.some((s) => s.id === got)).toBe(true);
    if (at >= 0 && list.length > 1) expect(got).not.toBe(m.currentId);
  }
  m.currentId = got;
  m.playing = true;
}

const step = (label: string, run: (m: Model, r: Real) => Promise<void> | void, check: (m: Model) => boolean = () => true): fc.AsyncCommand<Model, Real> => ({
  check,
  async run(m, r) {
    await run(m, r);
    await settle();
    expectMatches(m, r);
  },
  toString: () => label,
});

const commandArbs = [
  fc.tuple(fc.integer({ min: 1, max: POOL.length }), fc.nat()).map(([n, i]) =>
    step(`track.select ${i % n} of ${n}`, (m, r) => {
      const songs = POOL.slice(0, n);
      r.actor.send({ type: 'track.select', songs, index: i % n });
      Object.assign(m, { top: songs, source: 'TOP', currentId: songs[i % n]!.id, playing: true });
    }),
  ),
  fc.nat().map((i) =>
    step(
      `custom.select ${i}`,
      (m, r) => {
        const index = i % m.custom.length;
        r.actor.send({ type: 'custom.select', index });
        Object.assign(m, { source: 'CUSTOM', currentId: m.custom[index]!.id, playing: true });
      },
      (m) => m.custom.length > 0,
    ),
  ),
  fc.integer({ min: 0, max: POOL.length - 1 }).map((i) =>
    step(`custom.add ${POOL[i]!.id}`, (m, r) => {
      const before = r.emitted.length;
      r.actor.send({ type: 'custom.add', song: POOL[i]! });
      const notice = r.emitted.slice(before).find((event) => event.type === 'notice');
      if (m.custom.some((s) => s.id === POOL[i]!.id)) {
        expect(notice).toMatchObject({ notice: 'custom.duplicate' });
      } else {
        expect(notice).toMatchObject({ notice: 'custom.added' });
        m.custom = [...m.custom, POOL[i]!];
        m.source = 'CUSTOM';
      }
    }),
  ),
  fc.integer({ min: 0, max: POOL.length - 1 }).map((i) =>
    step(`custom.remove ${POOL[i]!.id}`, (m, r) => {
      r.actor.send({ type: 'custom.remove', id: POOL[i]!.id });
      if (!m.custom.some((s) => s.id === POOL[i]!.id)) return;
      m.custom = m.custom.filter((s) => s.id !== POOL[i]!.id);
      if (m.custom.length === 0) m.source = 'TOP';
    }),
  ),
  fc.constant(step('track.next', (m, r) => (r.actor.send({ type: 'track.next' }), settle().then(() => travel(m, r, 'next'))))),
  fc.constant(step('track.previous', (m, r) => (r.actor.send({ type: 'track.previous' }), settle().then(() => travel(m, r, 'previous'))))),
  fc.constant(
    step(
      'audio.ended',
      async (m, r) => {
        r.actor.send({ type: 'audio.ended' });
        await settle();
        if (m.mode === 'SINGLECYCLE') return;
        if (modelList(m).length === 0) m.playing = false;
        else travel(m, r, 'next');
      },
      (m) => m.currentId !== null && m.playing,
    ),
  ),
  fc.constant(
    step('mode.cycle', (m, r) => {
      r.actor.send({ type: 'mode.cycle' });
      m.mode = MODES[(MODES.indexOf(m.mode) + 1) % 3]!;
    }),
  ),
  fc.constant(
    step(
      'playback.toggle',
      (m, r) => {
        r.actor.send({ type: 'playback.toggle' });
        // With nothing loaded, play starts the first song of the selected list.
        if (m.currentId === null) Object.assign(m, { top: SELECTED, source: 'TOP', currentId: SELECTED[0]!.id, playing: true });
        else m.playing = !m.playing;
      },
    ),
  ),
];

describe('playerMachine against a model of the spec', () => {
  it('agrees on modes, next/previous, sources and my list for any sequence of actions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 64, maxLength: 64 }), fc.commands(commandArbs, { maxCommands: 30 }), async (draws, commands) => {
        let k = 0;
        const random = (max: number) => draws[k++ % draws.length]! % max;
        const setup = () => ({
          model: { mode: 'RANDOM', source: 'TOP', top: [], custom: [], currentId: null, playing: false } as Model,
          real: start({ random, selectedList: SELECTED }),
        });
        await fc.asyncModelRun(setup, commands);
      }),
      { numRuns: 120 },
    );
  });
});

describe('playerMachine top list', () => {
  it('takes later pages of the same list, and ignores another list', async () => {
    const { actor, ctx } = start();
    actor.send({ type: 'track.select', songs: LIST.slice(0, 2), index: 1 });
    await settle();
    actor.send({ type: 'top.extend', songs: LIST });
    expect(ctx().topList).toEqual(LIST);
    actor.send({ type: 'top.extend', songs: [song(9), song(10), song(11), song(12), song(13)] });
    expect(ctx().topList).toEqual(LIST);
  });
});
