import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  MAX_TIME,
  NUDGE,
  activeLine,
  audioSecondsOf,
  checkTapSheet,
  formatTapSheet,
  formatTime,
  isMonotonic,
  nudge,
  offsetOf,
  parseTapSheet,
  selectLine,
  sheetTimeAt,
  shiftAll,
  tap,
  untap,
  untimedCount,
  type TapLine,
  type TapSheet,
} from '../../../src/domain/console/lyricTap';
import { lyricTapMachine } from '../../../src/domain/console/lyricTap.machine';
import { parseLrc } from '../../../src/domain/player/lyrics';

const sheetOf = (lines: TapLine[], tags: string[] = []): TapSheet => ({
  tags,
  lines,
  cursor: lines.some((line) => line.time === null) ? lines.findIndex((line) => line.time === null) : lines.length,
  selected: null,
  undo: [],
});
const times = (sheet: TapSheet) => sheet.lines.map((line) => line.time);
const texts = (sheet: TapSheet) => sheet.lines.map((line) => line.text);

describe('parseTapSheet', () => {
  it('reads plain text as untimed lines, dropping blank ones, and starts tapping at the first', () => {
    const sheet = parseTapSheet('  春眠不觉晓 \n\n处处闻啼鸟\r\n   \r夜来风雨声\n');
    expect(sheet.lines).toEqual([
      { text: '春眠不觉晓', time: null },
      { text: '处处闻啼鸟', time: null },
      { text: '夜来风雨声', time: null },
    ]);
    expect(sheet).toMatchObject({ tags: [], cursor: 0, selected: null, undo: [] });
  });

  it('keeps LRC times (ms rounded to the centisecond) and the metadata tags aside', () => {
    const sheet = parseTapSheet('[ti:春晓]\n[ar:孟浩然]\n[offset:+500]\n[00:04.480]春眠不觉晓\n[00:08.965]处处闻啼鸟\n[1:02]花落\n[00:03.5]早');
    expect(sheet.tags).toEqual(['[ti:春晓]', '[ar:孟浩然]', '[offset:+500]']);
    expect(sheet.lines).toEqual([
      { text: '早', time: 350 },
      { text: '春眠不觉晓', time: 448 },
      { text: '处处闻啼鸟', time: 897 },
      { text: '花落', time: 6200 },
    ]);
    expect(sheet.cursor).toBe(4);
  });

  it('gives a line with several stamps one line per stamp, in time order', () => {
    expect(parseTapSheet('[00:01.00]甲\n[00:10.00][00:02.00]副歌').lines).toEqual([
      { text: '甲', time: 100 },
      { text: '副歌', time: 200 },
      { text: '副歌', time: 1000 },
    ]);
  });

  it('drops timed blank lines and enhanced word stamps, and keeps untimed lines after the line they followed', () => {
    const sheet = parseTapSheet('开头\n[00:05.00]<00:05.00>故<00:05.50>事\n[00:07.00]\n没有时间\n[00:03.00]先唱');
    expect(sheet.lines).toEqual([
      { text: '开头', time: null },
      { text: '先唱', time: 300 },
      { text: '故事', time: 500 },
      { text: '没有时间', time: null },
    ]);
    expect(sheet.cursor).toBe(0);
  });

  it('takes a bracketed word without a colon as text', () => {
    expect(parseTapSheet('[副歌]\n[00:01.00][间奏]').lines).toEqual([
      { text: '[副歌]', time: null },
      { text: '[间奏]', time: 100 },
    ]);
  });
});

describe('formatTapSheet', () => {
  it('prints tags first, then [mm:ss.xx]text, minutes past 59 as minutes', () => {
    const sheet = sheetOf(
      [
        { text: '一', time: 0 },
        { text: '二', time: 6_5432 },
        { text: '三', time: 75 * 6000 + 1 },
        { text: '四', time: 120 * 6000 },
      ],
      ['[ti:歌]'],
    );
    expect(formatTapSheet(sheet)).toBe('[ti:歌]\n[00:00.00]一\n[10:54.32]二\n[75:00.01]三\n[120:00.00]四');
  });

  it('prints an untimed line as plain text, so a half-timed sheet reads back the same', () => {
    expect(formatTapSheet(sheetOf([{ text: '一', time: 100 }, { text: '二', time: null }]))).toBe('[00:01.00]一\n二');
  });

  it('is read by the player with the same times (ms = centiseconds × 10)', () => {
    const lrc = formatTapSheet(sheetOf([{ text: '一', time: 448 }, { text: '二', time: 6000 * 61 + 5 }]));
    expect(parseLrc(lrc)).toEqual([
      { time: 4480, text: '一' },
      { time: 3_660_050, text: '二' },
    ]);
  });

  it('formatTime clamps to 0 and to 999:59.99', () => {
    expect(formatTime(-5)).toBe('00:00.00');
    expect(formatTime(MAX_TIME + 100)).toBe('999:59.99');
  });
});

describe('offset', () => {
  it('writes a stamp [offset:] later than heard and seeks [offset:] earlier, so players show it when tapped', () => {
    const sheet = parseTapSheet('[offset:+500]\n甲');
    expect(offsetOf(sheet)).toBe(50);
    expect(sheetTimeAt(sheet, 12.345)).toBe(1285);
    expect(audioSecondsOf(sheet, 1285)).toBeCloseTo(12.35);
    expect(sheetTimeAt(parseTapSheet('[offset:-250]'), 1)).toBe(75);
    expect(sheetTimeAt(parseTapSheet('x'), 1.004)).toBe(100);
    expect(audioSecondsOf(sheet, 10)).toBe(0);
  });
});

describe('tap and untap', () => {
  const plain = () => parseTapSheet('一\n二\n三');

  it('stamps the cursor line, selects it and moves on; at the end a tap does nothing', () => {
    let sheet = tap(plain(), 120);
    expect(times(sheet)).toEqual([120, null, null]);
    expect(sheet).toMatchObject({ cursor: 1, selected: 0 });
    sheet = tap(tap(sheet, 250), 400);
    expect(times(sheet)).toEqual([120, 250, 400]);
    expect(sheet.cursor).toBe(3);
    expect(tap(sheet, 900)).toBe(sheet);
  });

  it('raises a tap before the line above to its time (the writer sought back)', () => {
    expect(times(tap(tap(plain(), 500), 300))).toEqual([500, 500, null]);
  });

  it('clears later stamps earlier than a new one (an older timing being redone)', () => {
    let sheet = parseTapSheet('[00:01.00]一\n[00:02.00]二\n[00:03.00]三\n[00:09.00]四');
    sheet = selectLine(sheet, 0);
    sheet = tap(sheet, 250);
    expect(times(sheet)).toEqual([250, null, 300, 900]);
    expect(isMonotonic(sheet.lines)).toBe(true);
    expect(untap(sheet)).toEqual(selectLine(parseTapSheet('[00:01.00]一\n[00:02.00]二\n[00:03.00]三\n[00:09.00]四'), 0));
  });

  it('steps back without a stamp to undo: clears the line above the cursor and makes it next', () => {
    const sheet = parseTapSheet('[00:01.00]一\n[00:02.00]二');
    const back = untap(sheet);
    expect(times(back)).toEqual([100, null]);
    expect(back).toMatchObject({ cursor: 1, selected: 1 });
    expect(untap(untap(back))).toMatchObject({ cursor: 0 });
    expect(times(untap(untap(back)))).toEqual([null, null]);
    const start = plain();
    expect(untap(start)).toBe(start);
  });

  it('a nudge between a tap and the step back makes the step back a plain clear (nothing stale is restored)', () => {
    let sheet = tap(tap(plain(), 100), 200);
    sheet = nudge(sheet, NUDGE);
    expect(sheet.undo).toEqual([]);
    expect(times(untap(sheet))).toEqual([100, null, null]);
  });
});

describe('select, nudge and shift', () => {
  const timed = () => parseTapSheet('[00:01.00]一\n[00:01.20]二\n[00:03.00]三');

  it('selecting a line makes it the nudged line and the next one tapped; out of range does nothing', () => {
    const sheet = selectLine(timed(), 1);
    expect(sheet).toMatchObject({ cursor: 1, selected: 1 });
    expect(selectLine(sheet, 3)).toBe(sheet);
    expect(selectLine(sheet, -1)).toBe(sheet);
  });

  it('nudges by 0.1 s and clamps at the neighbours and at 0', () => {
    const sheet = selectLine(timed(), 1);
    expect(times(nudge(sheet, NUDGE))).toEqual([100, 130, 300]);
    expect(times(nudge(sheet, -NUDGE))).toEqual([100, 110, 300]);
    expect(times(nudge(nudge(nudge(sheet, -NUDGE), -NUDGE), -NUDGE))).toEqual([100, 100, 300]);
    expect(times(nudge(selectLine(timed(), 0), -1000))).toEqual([0, 120, 300]);
    expect(times(nudge(selectLine(timed(), 2), 10 ** 9))).toEqual([100, 120, MAX_TIME]);
  });

  it('does not nudge without a selection or on an untimed line', () => {
    expect(nudge(timed(), NUDGE)).toEqual(timed());
    const half = selectLine(parseTapSheet('[00:01.00]一\n二'), 1);
    expect(nudge(half, NUDGE)).toBe(half);
  });

  it('shifts every stamp together, as far as the first can go towards 0', () => {
    expect(times(shiftAll(timed(), NUDGE))).toEqual([110, 130, 310]);
    expect(times(shiftAll(timed(), -150))).toEqual([0, 20, 200]);
    const half = parseTapSheet('[00:01.00]一\n二');
    expect(times(shiftAll(half, -NUDGE))).toEqual([90, null]);
    expect(shiftAll(parseTapSheet('一'), NUDGE)).toEqual(parseTapSheet('一'));
  });
});

describe('activeLine', () => {
  const lines: TapLine[] = [
    { text: 'a', time: 100 },
    { text: 'b', time: null },
    { text: 'c', time: 300 },
    { text: 'd', time: 300 },
    { text: 'e', time: 500 },
  ];
  it('is the last stamped line started, -1 before the first; untimed lines are never active', () => {
    expect([0, 99, 100, 299, 300, 499, 500, 10_000].map((t) => activeLine(lines, t))).toEqual([-1, -1, 0, 0, 3, 3, 4, 4]);
  });
});

describe('checkTapSheet', () => {
  it('refuses an empty sheet and says how many lines lack a time', () => {
    expect(checkTapSheet(parseTapSheet(''))).toEqual({ kind: 'empty' });
    expect(checkTapSheet(parseTapSheet('[00:01.00]一\n二\n三'))).toEqual({ kind: 'untimed', count: 2 });
    expect(untimedCount(parseTapSheet('[00:01.00]一'))).toBe(0);
    expect(checkTapSheet(parseTapSheet('[00:01.00]一'))).toBeNull();
  });
});

// --- Properties -------------------------------------------------------------------------------------------

/** Lyric text as a writer types it: not blank, no line break, not starting like a stamp or a tag. */
const textArb = fc
  .tuple(
    fc.constantFrom('春', '眠', 'a', 'Z', '7', '你', '！', '('),
    fc.string({ unit: fc.constantFrom('春', '眠', '不', '觉', '晓', ' ', 'a', 'Z', '1', ':', '.', '，', '[', ']', '-', '(') , maxLength: 12 }),
  )
  .map(([first, rest]) => (first + rest).trim());

const tagArb = fc.oneof(
  fc.constantFrom('[ti:春晓]', '[ar:孟浩然/听雨小筑]', '[al:清晨]', '[by:]', '[offset:+500]', '[offset:-120]', '[length:03:20]'),
);

/** A sheet as the editor keeps it: stamped times in order, some lines untimed. */
const sheetArb = fc
  .record({
    tags: fc.array(tagArb, { maxLength: 3 }),
    start: fc.integer({ min: 0, max: 50_000 }),
    rows: fc.array(fc.record({ text: textArb, timed: fc.boolean(), gap: fc.integer({ min: 0, max: 2000 }) }), { maxLength: 25 }),
  })
  .map(({ tags, start, rows }) => {
    let at = start;
    const lines = rows.map(({ text, timed, gap }) => {
      at += gap;
      return { text, time: timed ? at : null };
    });
    return parseTapSheet(formatTapSheet({ tags, lines }));
  });

type Op =
  | { kind: 'tap'; time: number }
  | { kind: 'untap' }
  | { kind: 'select'; index: number }
  | { kind: 'nudge'; delta: number }
  | { kind: 'shift'; delta: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('tap' as const), time: fc.integer({ min: -100, max: MAX_TIME + 100 }) }),
  fc.constant({ kind: 'untap' as const }),
  fc.record({ kind: fc.constant('select' as const), index: fc.integer({ min: -1, max: 30 }) }),
  fc.record({ kind: fc.constant('nudge' as const), delta: fc.constantFrom(NUDGE, -NUDGE, 250, -3000) }),
  fc.record({ kind: fc.constant('shift' as const), delta: fc.constantFrom(NUDGE, -NUDGE, -100_000, MAX_TIME) }),
);

function apply(sheet: TapSheet, op: Op): TapSheet {
  switch (op.kind) {
    case 'tap':
      return tap(sheet, op.time);
    case 'untap':
      return untap(sheet);
    case 'select':
      return selectLine(sheet, op.index);
    case 'nudge':
      return nudge(sheet, op.delta);
    case 'shift':
      return shiftAll(sheet, op.delta);
  }
}

const runs = { numRuns: 300 };

describe('properties', () => {
  it('format → parse gives back the lines, times to the centisecond and the tags', () => {
    fc.assert(
      fc.property(sheetArb, (sheet) => {
        const again = parseTapSheet(formatTapSheet(sheet));
        expect(again.lines).toEqual(sheet.lines);
        expect(again.tags).toEqual(sheet.tags);
        expect(formatTapSheet(again)).toBe(formatTapSheet(sheet));
      }),
      runs,
    );
  });

  it('any stamp, ms precision included, reads back rounded to the centisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TIME * 10 - 5 }), textArb, (ms, text) => {
        const line = `[${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}]${text}`;
        const [parsed] = parseTapSheet(line).lines;
        expect(parsed).toEqual({ text, time: Math.round(ms / 10) });
        expect(parseTapSheet(formatTapSheet(parseTapSheet(line))).lines).toEqual([parsed]);
      }),
      runs,
    );
  });

  it('any text at all parses to a sheet in time order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(textArb, tagArb, fc.string(), fc.constantFrom('[00:01.00]', '[00:02.5][00:00.1]x', '<00:01.00>')), { maxLength: 12 }), (rows) => {
        const sheet = parseTapSheet(rows.join('\n'));
        expect(isMonotonic(sheet.lines)).toBe(true);
        expect(sheet.lines.every((line) => line.text.trim() === line.text && line.text !== '')).toBe(true);
      }),
      runs,
    );
  });

  it('any sequence of operations keeps the number of lines, their text and the order of the times', () => {
    fc.assert(
      fc.property(sheetArb, fc.array(opArb, { maxLength: 40 }), (start, ops) => {
        let sheet = start;
        for (const op of ops) {
          sheet = apply(sheet, op);
          expect(texts(sheet)).toEqual(texts(start));
          expect(isMonotonic(sheet.lines)).toBe(true);
          expect(sheet.lines.every((line) => line.time === null || (Number.isInteger(line.time) && line.time >= 0 && line.time <= MAX_TIME))).toBe(true);
          expect(sheet.cursor).toBeGreaterThanOrEqual(0);
          expect(sheet.cursor).toBeLessThanOrEqual(sheet.lines.length);
          expect(sheet.selected === null || (sheet.selected >= 0 && sheet.selected < sheet.lines.length)).toBe(true);
          expect(sheet.tags).toEqual(start.tags);
        }
      }),
      runs,
    );
  });

  it('stamping then stepping back restores the state before, after any history', () => {
    fc.assert(
      fc.property(sheetArb, fc.array(opArb, { maxLength: 20 }), fc.array(fc.integer({ min: 0, max: MAX_TIME }), { minLength: 1, maxLength: 8 }), (start, ops, taps) => {
        const before = ops.reduce(apply, start);
        let sheet = before;
        const states: TapSheet[] = [];
        for (const time of taps) {
          if (sheet.cursor >= sheet.lines.length) break;
          states.push(sheet);
          sheet = tap(sheet, time);
        }
        // Stepping back as often as it stamped walks the same states back, newest first.
        while (states.length > 0) {
          sheet = untap(sheet);
          expect(sheet).toEqual(states.pop());
        }
        expect(sheet).toEqual(before);
      }),
      runs,
    );
  });

  it('a nudge moves only the selected line, by at most the step, and undoes itself unless clamped', () => {
    fc.assert(
      fc.property(sheetArb, fc.nat(30), fc.integer({ min: -500, max: 500 }), (start, pick, delta) => {
        if (start.lines.length === 0) return;
        const index = pick % start.lines.length;
        const sheet = selectLine(start, index);
        const moved = nudge(sheet, delta);
        const original = sheet.lines[index]!.time;
        moved.lines.forEach((line, i) => {
          if (i !== index) expect(line.time).toBe(sheet.lines[i]!.time);
        });
        if (original === null) {
          expect(moved).toBe(sheet);
          return;
        }
        const shift = moved.lines[index]!.time! - original;
        expect(Math.abs(shift)).toBeLessThanOrEqual(Math.abs(delta));
        expect(Math.sign(shift) * Math.sign(delta)).toBeGreaterThanOrEqual(0);
        if (shift === delta) expect(times(nudge(moved, -delta))).toEqual(times(sheet));
      }),
      runs,
    );
  });

  it('shifting all keeps the gaps between stamps', () => {
    fc.assert(
      fc.property(sheetArb, fc.integer({ min: -100_000, max: 100_000 }), (sheet, delta) => {
        const shifted = shiftAll(sheet, delta);
        const gaps = (s: TapSheet) => {
          const stamped = s.lines.flatMap((line) => (line.time === null ? [] : [line.time]));
          return stamped.slice(1).map((time, i) => time - stamped[i]!);
        };
        expect(gaps(shifted)).toEqual(gaps(sheet));
        expect(times(shifted).map((time) => time === null)).toEqual(times(sheet).map((time) => time === null));
      }),
      runs,
    );
  });

  it('the active line holds the time: started at or before it, the next stamped line after it', () => {
    fc.assert(
      fc.property(sheetArb, fc.integer({ min: 0, max: 120_000 }), (sheet, time) => {
        const index = activeLine(sheet.lines, time);
        const later = sheet.lines.slice(index + 1).find((line) => line.time !== null);
        if (index >= 0) expect(sheet.lines[index]!.time).toBeLessThanOrEqual(time);
        if (later) expect(later.time).toBeGreaterThan(time);
      }),
      runs,
    );
  });
});

// --- The machine ------------------------------------------------------------------------------------------

/** The machine with a view's part played by `save`: each requested save runs it and reports how it went. */
function openTap(text: string, save: (lrc: string) => Promise<void> = async () => {}) {
  const saves: string[] = [];
  const actor = createActor(lyricTapMachine, { input: { text } }).start();
  actor.on('save.requested', ({ lrc }) => {
    saves.push(lrc);
    save(lrc).then(
      () => actor.send({ type: 'save.done' }),
      (error: Error) => actor.send({ type: 'save.failed', message: error.message }),
    );
  });
  return { actor, saves, state: () => actor.getSnapshot() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lyricTapMachine', () => {
  it('taps, steps back, selects, nudges and shifts through events', () => {
    const { actor, state } = openTap('一\n二\n三');
    actor.send({ type: 'line.tap', time: 100 });
    actor.send({ type: 'line.tap', time: 200 });
    actor.send({ type: 'line.untap' });
    expect(times(state().context.sheet)).toEqual([100, null, null]);
    actor.send({ type: 'line.tap', time: 220 });
    actor.send({ type: 'line.select', index: 0 });
    actor.send({ type: 'line.nudge', delta: NUDGE });
    actor.send({ type: 'all.shift', delta: -NUDGE });
    expect(times(state().context.sheet)).toEqual([100, 210, null]);
    expect(state().hasTag('ready')).toBe(true);
  });

  it('refuses to save while lines lack a time, saying how many, and sends nothing', async () => {
    const { actor, state, saves } = openTap('[ti:歌]\n[00:01.00]一\n二\n三');
    actor.send({ type: 'sheet.save' });
    await settle();
    expect(state().context.problem).toEqual({ kind: 'untimed', count: 2 });
    expect(saves).toEqual([]);
    actor.send({ type: 'line.tap', time: 200 });
    expect(state().context.problem).toBeNull();
    const empty = openTap('\n\n');
    empty.actor.send({ type: 'sheet.save' });
    expect(empty.state().context.problem).toEqual({ kind: 'empty' });
  });

  it('saves the LRC, busy until the save settles, the stamps frozen meanwhile', async () => {
    let finish: () => void = () => {};
    const { actor, state, saves } = openTap('[ti:歌]\n一\n二', () => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'line.tap', time: 100 });
    actor.send({ type: 'line.tap', time: 6000 * 61 + 234 });
    actor.send({ type: 'sheet.save' });
    expect(state().hasTag('busy')).toBe(true);
    expect(saves).toEqual(['[ti:歌]\n[00:01.00]一\n[61:02.34]二']);
    actor.send({ type: 'line.untap' });
    actor.send({ type: 'all.shift', delta: NUDGE });
    finish();
    await settle();
    expect(state().hasTag('ready')).toBe(true);
    expect(state().context.saved).toBe(saves[0]);
    expect(formatTapSheet(state().context.sheet)).toBe(saves[0]);
  });

  it('a failed save says why and keeps every stamp; the next change or save clears the message', async () => {
    let fail = true;
    const { actor, state, saves } = openTap('一\n二', async () => {
      if (fail) throw new Error('歌曲不存在');
    });
    actor.send({ type: 'line.tap', time: 100 });
    actor.send({ type: 'line.tap', time: 300 });
    actor.send({ type: 'sheet.save' });
    await settle();
    expect(state().context.error).toBe('歌曲不存在');
    expect(state().context.saved).toBeNull();
    expect(times(state().context.sheet)).toEqual([100, 300]);
    fail = false;
    actor.send({ type: 'sheet.save' });
    expect(state().context.error).toBeNull();
    await settle();
    expect(state().context.saved).toBe('[00:01.00]一\n[00:03.00]二');
    expect(saves).toHaveLength(2);
  });

  it('takes no word of a save outside saving', () => {
    const { actor, state } = openTap('[00:01.00]一');
    actor.send({ type: 'save.done' });
    actor.send({ type: 'save.failed', message: '迟到的失败' });
    expect(state().context).toMatchObject({ saved: null, error: null });
    expect(state().hasTag('ready')).toBe(true);
  });
});
