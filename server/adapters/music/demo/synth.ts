import { deriveSeed, mulberry32 } from './random';
import { reverb } from './reverb';
import type { Note, Score } from './score';
import {
  bassNote,
  drum,
  FLUTE_SHAPE,
  FLUTE_TABLE,
  midiToHz,
  msToSamples,
  padTone,
  pluck,
  tone,
  VOICE_SHAPE,
  vowelOf,
  vowelTable,
  woodblock,
  type NoteSpan,
} from './voices';

export { SAMPLE_RATE } from './voices';

/** Stem levels relative to the lead, in dB: the tune in front, bass under it, pad and percussion behind. */
const MIX_DB = { bass: -6, pad: -11, percussion: -14, reverb: -8 } as const;
const TARGET_RMS_DBFS = -16;
const CEILING_DBFS = -1.5;
const FADE_IN_MS = 400;
const FADE_OUT_MS = 2500;
/** How long the last lead note rings after its written end. */
const LAST_NOTE_RING_MS = 2500;

/**
 * A lead note sounds until the next one begins, and is let go just before it (a string damped, a breath
 * taken), so every sung character starts with a clear attack.
 */
function leadSpans(score: Score): NoteSpan[] {
  const releaseMs = score.plan.voice === 'zheng' ? 15 : 30;
  return score.lead.map((note, index) => {
    const next = score.lead[index + 1];
    const endMs = next === undefined ? note.startMs + note.durationMs + LAST_NOTE_RING_MS : next.startMs;
    const start = msToSamples(note.startMs);
    return { start, length: msToSamples(endMs) - start, hz: midiToHz(note.midi), velocity: note.velocity, release: msToSamples(releaseMs) };
  });
}

/** The lead voice alone, dry: what the lyric times are checked against. */
export function renderLead(score: Score): Float32Array {
  const out = new Float32Array(msToSamples(score.durationMs));
  const random = mulberry32(deriveSeed(score.plan.seed, 'lead'));
  const spans = leadSpans(score);
  spans.forEach((span, index) => {
    if (score.plan.voice === 'zheng') pluck(out, span, random);
    else if (score.plan.voice === 'flute') tone(out, span, FLUTE_TABLE, FLUTE_SHAPE, random);
    else tone(out, span, vowelTable(vowelOf(score.lead[index]?.syllable ?? null), span.hz), VOICE_SHAPE, random);
  });
  return out;
}

function renderBass(score: Score): Float32Array {
  const out = new Float32Array(msToSamples(score.durationMs));
  for (const note of score.bass) bassNote(out, plainSpan(note, 40));
  return out;
}

function plainSpan(note: Note, releaseMs: number): NoteSpan {
  return { start: msToSamples(note.startMs), length: msToSamples(note.durationMs), hz: midiToHz(note.midi), velocity: note.velocity, release: msToSamples(releaseMs) };
}

/** Chords overlap: each swells in over most of a second and fades out after the next has begun. */
function renderPad(score: Score): Float32Array {
  const out = new Float32Array(msToSamples(score.durationMs));
  const random = mulberry32(deriveSeed(score.plan.seed, 'pad'));
  const releaseMs = 900;
  for (const chord of score.chords) {
    for (const midi of chord.toneMidis) {
      const span = {
        start: msToSamples(chord.startMs),
        length: msToSamples(chord.durationMs + releaseMs),
        hz: midiToHz(midi),
        velocity: 1 / chord.toneMidis.length,
        release: msToSamples(releaseMs),
      };
      padTone(out, span, msToSamples(Math.min(700, chord.durationMs / 2)), random());
    }
  }
  return out;
}

function renderPercussion(score: Score): Float32Array {
  const out = new Float32Array(msToSamples(score.durationMs));
  const random = mulberry32(deriveSeed(score.plan.seed, 'percussion'));
  for (const hit of score.hits) {
    if (hit.kind === 'drum') drum(out, msToSamples(hit.startMs), hit.velocity);
    else woodblock(out, msToSamples(hit.startMs), hit.velocity, random);
  }
  return out;
}

export function rms(signal: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < signal.length; i++) sum += (signal[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, signal.length));
}

export function peak(signal: Float32Array): number {
  let max = 0;
  for (let i = 0; i < signal.length; i++) max = Math.max(max, Math.abs(signal[i] ?? 0));
  return max;
}

export function toDbfs(amplitude: number): number {
  return 20 * Math.log10(Math.max(amplitude, 1e-12));
}

const fromDb = (db: number) => 10 ** (db / 20);

/** Adds `signal` scaled so that its RMS is `db` relative to `reference` RMS. */
function mixAt(into: Float32Array, signal: Float32Array, referenceRms: number, db: number): void {
  const level = rms(signal);
  if (level === 0) return;
  const gain = (referenceRms * fromDb(db)) / level;
  for (let i = 0; i < into.length; i++) into[i] = (into[i] ?? 0) + (signal[i] ?? 0) * gain;
}

/** The finished song: stems balanced, a short room around lead and pad, faded, loudness-normalised and limited. */
export function renderSong(score: Score): Float32Array {
  const lead = renderLead(score);
  const reference = rms(lead);
  const dry = new Float32Array(lead);
  mixAt(dry, renderBass(score), reference, MIX_DB.bass);
  const pad = renderPad(score);
  mixAt(dry, pad, reference, MIX_DB.pad);
  const percussion = renderPercussion(score);
  mixAt(dry, percussion, reference, MIX_DB.percussion);

  const send = new Float32Array(lead);
  mixAt(send, pad, reference, MIX_DB.pad + 3);
  mixAt(send, percussion, reference, MIX_DB.percussion);
  const wet = reverb(send, { roomSize: 0.8, damping: 0.35 });
  const song = new Float32Array(dry);
  mixAt(song, wet, reference, MIX_DB.reverb);

  fade(song);
  const gain = fromDb(TARGET_RMS_DBFS) / rms(song);
  for (let i = 0; i < song.length; i++) song[i] = (song[i] ?? 0) * gain;
  limit(song, fromDb(CEILING_DBFS));
  return song;
}

function fade(signal: Float32Array): void {
  const fadeIn = msToSamples(FADE_IN_MS);
  const fadeOut = msToSamples(FADE_OUT_MS);
  for (let i = 0; i < fadeIn; i++) signal[i] = (signal[i] ?? 0) * (i / fadeIn) ** 2;
  for (let i = 0; i < fadeOut; i++) {
    const at = signal.length - 1 - i;
    signal[at] = (signal[at] ?? 0) * (i / fadeOut) ** 2;
  }
}

/**
 * A look-ahead brick-wall limiter: the gain needed at each peak is held for a while and reached by a
 * linear ramp over the look-ahead, so no sample exceeds the ceiling and no gain change clicks.
 */
function limit(signal: Float32Array, ceiling: number): void {
  const lookahead = msToSamples(5);
  const hold = msToSamples(60);
  const needed = new Float32Array(signal.length);
  for (let n = 0; n < signal.length; n++) needed[n] = Math.min(1, ceiling / Math.max(Math.abs(signal[n] ?? 0), 1e-12));
  const held = slidingMinimum(needed, hold, lookahead);
  const window = lookahead + 1;
  let sum = window;
  const ramp = new Float32Array(signal.length);
  for (let n = 0; n < signal.length; n++) {
    sum += held[n] ?? 1;
    sum -= n >= window ? (held[n - window] ?? 1) : 1;
    ramp[n] = sum / window;
  }
  for (let n = 0; n < signal.length; n++) signal[n] = (signal[n] ?? 0) * Math.min(ramp[n] ?? 1, needed[n] ?? 1);
}

/** Minimum of `values` over [n − behind, n + ahead] for every n (monotonic deque, linear time). */
function slidingMinimum(values: Float32Array, behind: number, ahead: number): Float32Array {
  const result = new Float32Array(values.length);
  const deque = new Int32Array(values.length);
  let head = 0;
  let tail = 0;
  let added = 0;
  for (let n = 0; n < values.length; n++) {
    for (; added < values.length && added <= n + ahead; added++) {
      while (tail > head && (values[deque[tail - 1] ?? 0] ?? 1) >= (values[added] ?? 1)) tail--;
      deque[tail++] = added;
    }
    while ((deque[head] ?? 0) < n - behind) head++;
    result[n] = values[deque[head] ?? 0] ?? 1;
  }
  return result;
}
