import { mulberry32, pick, weighted, type Random } from './random';

/** The five modes of the Chinese pentatonic scale, named after the degree that is their tonic. */
export type Mode = 'gong' | 'shang' | 'jue' | 'zhi' | 'yu';
export type Voice = 'zheng' | 'flute' | 'voice';
/** How busy the accompaniment is: bass pattern and percussion. */
export type Groove = 'still' | 'flowing' | 'lively';

export interface SongPlan {
  /** Poem lines without punctuation: every character is one sung note. */
  poem: readonly string[];
  mode: Mode;
  /** MIDI pitch of the mode's tonic in the melody's register. */
  tonicMidi: number;
  /** Quarter-note length; even, so that every eighth note is a whole number of milliseconds. */
  beatMs: number;
  voice: Voice;
  groove: Groove;
  seed: number;
}

export interface Note {
  startMs: number;
  durationMs: number;
  midi: number;
  velocity: number;
  /** The character sung on this note; null for instrumental notes (intro, interlude, outro). */
  syllable: string | null;
}

export interface Chord {
  startMs: number;
  durationMs: number;
  rootMidi: number;
  toneMidis: number[];
}

export interface Hit {
  startMs: number;
  kind: 'drum' | 'woodblock';
  velocity: number;
}

export interface LyricLine {
  poemLineIndex: number;
  startMs: number;
  /** End of the last sung note of the line. */
  endMs: number;
  notes: Note[];
}

export interface Score {
  plan: SongPlan;
  durationMs: number;
  lead: Note[];
  bass: Note[];
  chords: Chord[];
  hits: Hit[];
  lines: LyricLine[];
}

const EIGHTHS_PER_BAR = 8;
/** Every poem line gets two bars: a line of verse is a musical phrase. */
const EIGHTHS_PER_LINE = 16;
/** Silence after the last bar for the final note and the reverb to ring out. */
export const TAIL_MS = 3000;

const GONG_PITCH_CLASSES = [0, 2, 4, 7, 9] as const;
const MODE_DEGREE: Record<Mode, number> = { gong: 0, shang: 1, jue: 2, zhi: 3, yu: 4 };

/** Rhythms of one line (in eighths, summing to two bars) by number of characters; the last note is held. */
const RHYTHMS: Record<number, readonly (readonly number[])[]> = {
  3: [[4, 4, 8], [3, 5, 8]],
  5: [[2, 2, 2, 2, 8], [3, 1, 2, 2, 8], [2, 2, 3, 1, 8], [2, 2, 4, 2, 6], [4, 2, 2, 2, 6]],
  7: [[2, 1, 1, 2, 2, 2, 6], [1, 1, 2, 2, 2, 2, 6], [2, 2, 2, 2, 2, 2, 4], [3, 1, 2, 2, 3, 1, 4], [2, 2, 1, 1, 2, 2, 6]],
};

/** Bass notes within a bar: offset and length in eighths, and which chord tone. */
type BassStep = readonly [offset: number, length: number, tone: 'root' | 'fifth' | 'octave'];
const BASS_PATTERNS: Record<Groove, readonly BassStep[]> = {
  still: [[0, 8, 'root']],
  flowing: [[0, 4, 'root'], [4, 2, 'fifth'], [6, 2, 'octave']],
  lively: [[0, 3, 'root'], [3, 1, 'root'], [4, 2, 'fifth'], [6, 2, 'root']],
};

/** Phrase kinds of a quatrain, A A' B A': the second and last lines come home to the tonic. */
type PhraseKind = 'A' | 'A2' | 'B';

/** Semitones above the tonic of the five degrees of a mode. */
export function modeScale(mode: Mode): number[] {
  const tonic = MODE_DEGREE[mode];
  return GONG_PITCH_CLASSES.map((_, k) => {
    const pitchClass = GONG_PITCH_CLASSES[(tonic + k) % 5] ?? 0;
    return (pitchClass - (GONG_PITCH_CLASSES[tonic] ?? 0) + 12) % 12;
  });
}

/** A scale step (0 = tonic, 5 = tonic an octave up, negative below) as semitones above the tonic. */
function stepSemitones(scale: readonly number[], step: number): number {
  const octave = Math.floor(step / 5);
  return (scale[step - octave * 5] ?? 0) + 12 * octave;
}

function phraseKind(lineIndex: number): PhraseKind {
  if (lineIndex === 0) return 'A';
  return lineIndex % 2 === 1 ? 'A2' : 'B';
}

/** A singable line: mostly steps, a few leaps, within a range, landing on `end` from a neighbour. */
function walk(random: Random, length: number, start: number, end: number, low: number, high: number): number[] {
  const steps = [start];
  for (let i = 1; i < length - 1; i++) {
    const previous = steps[i - 1] ?? start;
    const move = weighted(random, [[-2, 1], [-1, 3], [0, 0.6], [1, 3], [2, 1.4], [3, 0.5], [-3, 0.4]] as const);
    steps.push(Math.min(high, Math.max(low, previous + move)));
  }
  if (length > 1) {
    const beforeEnd = steps[length - 2] ?? end;
    if (length > 2 && Math.abs(beforeEnd - end) > 2) steps[length - 2] = end + (beforeEnd > end ? 1 : -1);
    steps.push(end);
  }
  return steps;
}

/** Melodies (scale steps) of the three phrase kinds for a line of `length` characters. */
function composePhrases(random: Random, length: number): Record<PhraseKind, number[]> {
  const a = walk(random, length, pick(random, [2, 3, 4]), pick(random, [2, 3]), 0, 7);
  const a2 = [...a];
  const home = (a[length - 3] ?? a[0] ?? 0) >= 3 ? 5 : 0;
  a2[length - 1] = home;
  if (length > 2) a2[length - 2] = home + pick(random, [1, 2, -1]);
  const b = walk(random, length, pick(random, [5, 6, 7]), pick(random, [3, 4]), 3, 9);
  return { A: a, A2: a2, B: b };
}

/** The second verse ornaments the first: inner notes move to a neighbouring degree now and then. */
function ornament(random: Random, steps: readonly number[]): number[] {
  return steps.map((step, i) => {
    if (i === 0 || i === steps.length - 1 || random() > 0.3) return step;
    return step + pick(random, [-1, 1]);
  });
}

/** Chord tones (semitones above the tonic) of a root: fifth, plus a third or a suspended degree from the scale. */
function chordIntervals(scale: readonly number[], root: number): number[] {
  const inScale = (interval: number) => scale.includes((root + interval) % 12);
  const colour = [4, 3, 2, 5].find(inScale) ?? 7;
  return [0, colour, 7];
}

/** Roots that make a consonant chord in this mode: degrees whose fifth is in the scale, and the tonic. */
function chordRoots(scale: readonly number[]): number[] {
  return scale.filter((degree) => degree === 0 || scale.includes((degree + 7) % 12));
}

interface Placed {
  startEighth: number;
  lengthEighths: number;
  step: number;
  syllable: string | null;
}

/** A sung line while composing: which poem line, and its notes. */
interface SungLine {
  poemLineIndex: number;
  notes: Placed[];
}

/** Places a phrase's notes from `startEighth` with a rhythm; `text` gives each note its character. */
function placePhrase(steps: readonly number[], rhythm: readonly number[], startEighth: number, text: string | null): Placed[] {
  const characters = text === null ? null : [...text];
  let at = startEighth;
  return steps.map((step, i) => {
    const lengthEighths = rhythm[i] ?? 2;
    const placed = { startEighth: at, lengthEighths, step, syllable: characters?.[i] ?? null };
    at += lengthEighths;
    return placed;
  });
}

/** Composes the whole song: intro, verse, interlude, verse again (ornamented), outro. Pure and deterministic. */
export function composeSong(plan: SongPlan): Score {
  if (plan.beatMs % 2 !== 0) throw new Error(`beatMs must be even so eighth notes are whole milliseconds: ${plan.beatMs}`);
  const random = mulberry32(plan.seed);
  const eighthMs = plan.beatMs / 2;
  const scale = modeScale(plan.mode);
  const lengths = [...new Set(plan.poem.map((line) => [...line].length))];
  const phrases = new Map(lengths.map((length) => [length, composePhrases(random, length)]));
  const rhythms = new Map(
    lengths.map((length) => {
      const choices = RHYTHMS[length];
      if (choices === undefined) throw new Error(`no rhythm for a line of ${length} characters`);
      return [length, { A: pick(random, choices), A2: pick(random, choices), B: pick(random, choices) }];
    }),
  );
  const lastLength = [...(plan.poem.at(-1) ?? '')].length;
  const melodyOf = (length: number, kind: PhraseKind) => phrases.get(length)?.[kind] ?? [];
  const rhythmOf = (length: number, kind: PhraseKind) => rhythms.get(length)?.[kind] ?? [];

  const placed: Placed[] = [];
  const sungLines: SungLine[] = [];
  const verseStarts: number[] = [];
  let at = 0;
  const instrumental = (steps: number[], kind: PhraseKind) => {
    placed.push(...placePhrase(steps, rhythmOf(lastLength, kind), at, null));
    at += EIGHTHS_PER_LINE;
  };
  const verse = (ornamented: boolean) => {
    verseStarts.push(at);
    plan.poem.forEach((line, index) => {
      const length = [...line].length;
      const kind = phraseKind(index);
      const steps = ornamented ? ornament(random, melodyOf(length, kind)) : melodyOf(length, kind);
      const notes = placePhrase(steps, rhythmOf(length, kind), at, line);
      placed.push(...notes);
      sungLines.push({ poemLineIndex: index, notes });
      at += EIGHTHS_PER_LINE;
    });
  };
  instrumental(melodyOf(lastLength, 'A2'), 'A2');
  verse(false);
  instrumental(ornament(random, melodyOf(lastLength, 'B')).map((step) => step - 2), 'B');
  verse(true);
  instrumental(melodyOf(lastLength, 'A2'), 'A2');
  const totalEighths = at;

  const toMs = (eighths: number) => eighths * eighthMs;
  const toNote = (note: Placed): Note => ({
    startMs: toMs(note.startEighth),
    durationMs: toMs(note.lengthEighths),
    midi: plan.tonicMidi + stepSemitones(scale, note.step),
    velocity: (note.startEighth % EIGHTHS_PER_BAR === 0 ? 1 : 0.85) * (note.syllable === null ? 0.8 : 1),
    syllable: note.syllable,
  });
  const lead = placed.map(toNote);
  const lines = sungLines.map(({ poemLineIndex, notes }) => {
    const sung = notes.map(toNote);
    const last = sung.at(-1);
    return { poemLineIndex, startMs: sung[0]?.startMs ?? 0, endMs: last === undefined ? 0 : last.startMs + last.durationMs, notes: sung };
  });

  const chords = chooseChords(random, plan, scale, placed, totalEighths).map((chord) => ({
    ...chord,
    startMs: toMs(chord.startMs),
    durationMs: toMs(chord.durationMs),
  }));
  const bass = bassLine(plan.groove, chords, eighthMs);
  const hits = percussion(plan.groove, verseStarts, totalEighths).map((hit) => ({ ...hit, startMs: toMs(hit.startMs) }));
  return { plan, durationMs: toMs(totalEighths) + TAIL_MS, lead, bass, chords, hits, lines };
}

/**
 * One chord per bar, the root that best agrees with the melody notes sounding in the bar;
 * the first and last bars and the bars where a line comes home sit on the tonic. Times are in eighths here.
 */
function chooseChords(random: Random, plan: SongPlan, scale: readonly number[], notes: readonly Placed[], totalEighths: number): Chord[] {
  const roots = chordRoots(scale);
  const tonicPitchClass = plan.tonicMidi % 12;
  const bassRegisterRoot = (root: number) => 48 + ((tonicPitchClass + root) % 12);
  const chords: Chord[] = [];
  let previousRoot = 0;
  for (let bar = 0; bar * EIGHTHS_PER_BAR < totalEighths; bar++) {
    const from = bar * EIGHTHS_PER_BAR;
    const to = from + EIGHTHS_PER_BAR;
    const sounding = notes.filter((note) => note.startEighth < to && note.startEighth + note.lengthEighths > from);
    const comesHome = sounding.some((note) => note.startEighth >= from && endsPhrase(note) && stepSemitones(scale, note.step) % 12 === 0);
    const isEdge = bar === 0 || to >= totalEighths;
    const root = isEdge || comesHome ? 0 : bestRoot(random, scale, roots, sounding, from, to, previousRoot);
    previousRoot = root;
    const rootMidi = bassRegisterRoot(root);
    chords.push({
      startMs: from,
      durationMs: EIGHTHS_PER_BAR,
      rootMidi,
      toneMidis: [...chordIntervals(scale, root).map((interval) => rootMidi + interval), rootMidi + 12],
    });
  }
  return chords;
}

/** Phrases start on a line boundary and fill it, so the note that reaches the boundary ends its phrase. */
function endsPhrase(note: Placed): boolean {
  return (note.startEighth + note.lengthEighths) % EIGHTHS_PER_LINE === 0;
}

function bestRoot(random: Random, scale: readonly number[], roots: readonly number[], sounding: readonly Placed[], from: number, to: number, previousRoot: number): number {
  let best = 0;
  let bestScore = -Infinity;
  for (const root of roots) {
    const tones = chordIntervals(scale, root).map((interval) => (root + interval) % 12);
    let score = root === 0 ? 0.3 : 0;
    if (root === previousRoot) score -= 0.4;
    for (const note of sounding) {
      const overlap = Math.min(to, note.startEighth + note.lengthEighths) - Math.max(from, note.startEighth);
      const pitchClass = stepSemitones(scale, note.step) % 12;
      score += overlap * (pitchClass === root ? 1.5 : tones.includes(pitchClass) ? 1 : -0.6);
    }
    score += random() * 0.05;
    if (score > bestScore) {
      bestScore = score;
      best = root;
    }
  }
  return best;
}

function bassLine(groove: Groove, chords: readonly Chord[], eighthMs: number): Note[] {
  const last = chords.length - 1;
  return chords.flatMap((chord, index) => {
    const pattern: readonly BassStep[] = index === last ? [[0, 8, 'root']] : BASS_PATTERNS[groove];
    const root = chord.rootMidi - 12;
    return pattern.map(([offset, length, tone]) => ({
      startMs: chord.startMs + offset * eighthMs,
      durationMs: length * eighthMs,
      midi: tone === 'root' ? root : tone === 'fifth' ? root + 7 : root + 12,
      velocity: offset === 0 ? 1 : 0.75,
      syllable: null,
    }));
  });
}

/** Percussion joins in the verses (times in eighths); a still song has none, a flowing one only in the second verse. */
function percussion(groove: Groove, verseStarts: readonly number[], totalEighths: number): Hit[] {
  if (groove === 'still') return [];
  const hits: Hit[] = [];
  const verseLength = (verseStarts[1] ?? 0) - (verseStarts[0] ?? 0) - EIGHTHS_PER_LINE;
  verseStarts.forEach((start, verseIndex) => {
    if (groove === 'flowing' && verseIndex === 0) return;
    const strength = verseIndex === 0 ? 0.7 : 1;
    for (let bar = start; bar < start + verseLength; bar += EIGHTHS_PER_BAR) {
      hits.push({ startMs: bar, kind: 'drum', velocity: strength });
      if (groove === 'lively') hits.push({ startMs: bar + 4, kind: 'drum', velocity: 0.6 * strength });
      for (const offbeat of groove === 'lively' ? [2, 6, 7] : [4]) {
        hits.push({ startMs: bar + offbeat, kind: 'woodblock', velocity: (offbeat === 7 ? 0.5 : 0.8) * strength });
      }
    }
  });
  hits.push({ startMs: totalEighths - EIGHTHS_PER_BAR, kind: 'drum', velocity: 0.8 });
  return hits;
}
