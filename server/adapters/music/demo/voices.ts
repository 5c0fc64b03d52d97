import { pinyin } from 'pinyin-pro';
import type { Random } from './random';

/** Instruments of the demo album: each adds one note into a mono buffer at 44.1 kHz. */
export const SAMPLE_RATE = 44_100;
const TABLE_SIZE = 2048;

export function msToSamples(ms: number): number {
  return Math.round((ms * SAMPLE_RATE) / 1000);
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Where and how loud a note sounds, in samples; `release` samples at the end fade it out. */
export interface NoteSpan {
  start: number;
  length: number;
  hz: number;
  velocity: number;
  release: number;
}

/** 0→1 raised cosine: envelopes without clicks. */
function smoothStep(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  return 0.5 - 0.5 * Math.cos(Math.PI * x);
}

function releaseGain(i: number, span: NoteSpan): number {
  return smoothStep((span.length - i) / Math.max(1, span.release));
}

/**
 * A plucked zheng-like string by Karplus–Strong: a burst of soft noise circulating in a delay line of one
 * period, averaged each pass (highs die first, as on a real string); a first-order all-pass tunes the
 * fractional part of the period so high notes stay in tune.
 */
export function pluck(out: Float32Array, span: NoteSpan, random: Random): void {
  const period = SAMPLE_RATE / span.hz;
  const size = Math.floor(period - 0.6);
  const fraction = period - 0.5 - size;
  const allpass = (1 - fraction) / (1 + fraction);
  const lossPerPeriod = 10 ** (-3 / (4 * span.hz));
  const line = new Float32Array(size);
  let smooth = 0;
  for (let i = 0; i < size; i++) {
    smooth += 0.3 * (random() * 2 - 1 - smooth);
    line[i] = smooth;
  }
  const mean = line.reduce((sum, value) => sum + value, 0) / size;
  const peak = line.reduce((max, value) => Math.max(max, Math.abs(value - mean)), 1e-9);
  for (let i = 0; i < size; i++) line[i] = ((line[i] ?? 0) - mean) / peak;

  const attack = msToSamples(2);
  let index = 0;
  let previous = 0;
  let allpassIn = 0;
  let allpassOut = 0;
  for (let i = 0; i < span.length && span.start + i < out.length; i++) {
    const current = line[index] ?? 0;
    const averaged = 0.5 * (current + previous);
    previous = current;
    allpassOut = allpass * averaged + allpassIn - allpass * allpassOut;
    allpassIn = averaged;
    line[index] = allpassOut * lossPerPeriod;
    index = index + 1 === size ? 0 : index + 1;
    const gain = span.velocity * Math.min(1, i / attack) * releaseGain(i, span);
    out[span.start + i] = (out[span.start + i] ?? 0) + current * gain;
  }
}

/** How a sustained tone moves: a soft attack, vibrato that arrives late, and for a singer a scoop into the pitch. */
export interface ToneShape {
  attackMs: number;
  vibratoDepth: number;
  vibratoHz: number;
  vibratoDelayMs: number;
  scoopCents: number;
  breath: number;
}

export const FLUTE_SHAPE: ToneShape = { attackMs: 30, vibratoDepth: 0.004, vibratoHz: 5.2, vibratoDelayMs: 260, scoopCents: 0, breath: 0.05 };
export const VOICE_SHAPE: ToneShape = { attackMs: 35, vibratoDepth: 0.006, vibratoHz: 5.6, vibratoDelayMs: 180, scoopCents: -40, breath: 0.012 };

/** One period of a waveform from harmonic amplitudes, normalised to a peak of 1. */
export function wavetable(harmonics: readonly number[]): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  let peak = 1e-9;
  for (let i = 0; i <= TABLE_SIZE; i++) {
    const phase = (2 * Math.PI * i) / TABLE_SIZE;
    let value = 0;
    harmonics.forEach((amplitude, k) => {
      value += amplitude * Math.sin((k + 1) * phase);
    });
    table[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  for (let i = 0; i <= TABLE_SIZE; i++) table[i] = (table[i] ?? 0) / peak;
  return table;
}

export const FLUTE_TABLE = wavetable([1, 0.4, 0.18, 0.08, 0.04, 0.02]);

/** A sustained wavetable tone (flute, singing voice) with breath noise. */
export function tone(out: Float32Array, span: NoteSpan, table: Float32Array, shape: ToneShape, random: Random): void {
  const attack = msToSamples(shape.attackMs);
  const vibratoDelay = msToSamples(shape.vibratoDelayMs);
  const scoopLength = msToSamples(70);
  const decay = Math.exp(-1 / (SAMPLE_RATE * 2.5));
  let phase = 0;
  let level = 1;
  let noise = 0;
  for (let i = 0; i < span.length && span.start + i < out.length; i++) {
    const vibrato = shape.vibratoDepth * smoothStep((i - vibratoDelay) / vibratoDelay) * Math.sin((2 * Math.PI * shape.vibratoHz * i) / SAMPLE_RATE);
    const scoop = (shape.scoopCents / 1200) * Math.LN2 * (1 - smoothStep(i / scoopLength));
    phase += (span.hz * (1 + vibrato) * Math.exp(scoop) * TABLE_SIZE) / SAMPLE_RATE;
    phase -= Math.floor(phase / TABLE_SIZE) * TABLE_SIZE;
    const sample = readTable(table, phase);
    // Breath: band-limited noise, a little more during the attack (the "chiff" of a flute, the air of a voice).
    noise += 0.25 * (random() * 2 - 1 - noise);
    const breath = shape.breath * noise * (1 + 3 * (1 - smoothStep(i / attack)));
    level *= decay;
    const gain = span.velocity * smoothStep(i / attack) * (0.8 + 0.2 * level) * releaseGain(i, span);
    out[span.start + i] = (out[span.start + i] ?? 0) + (sample + breath) * gain;
  }
}

type Vowel = 'a' | 'o' | 'e' | 'i' | 'u' | 'ü';

/** Formants (centre Hz, bandwidth Hz, gain) of the sung vowels, after Peterson–Barney style tables. */
const FORMANTS: Record<Vowel, readonly (readonly [number, number, number])[]> = {
  a: [[800, 90, 1], [1150, 100, 0.5], [2900, 130, 0.22]],
  o: [[450, 70, 1], [800, 90, 0.45], [2830, 110, 0.1]],
  e: [[500, 80, 1], [1300, 100, 0.4], [2600, 120, 0.18]],
  i: [[300, 60, 1], [2300, 110, 0.32], [3000, 130, 0.22]],
  u: [[325, 60, 1], [700, 80, 0.3], [2530, 110, 0.08]],
  ü: [[300, 60, 1], [1900, 100, 0.3], [2500, 120, 0.18]],
};

/** The vowel a character is sung on, from its pinyin final (床 chuáng → a, 月 yuè → e); humming is "u". */
export function vowelOf(syllable: string | null): Vowel {
  if (syllable === null) return 'u';
  const final = pinyin(syllable, { pattern: 'final', toneType: 'none' });
  if (final.includes('a')) return 'a';
  if (final.includes('o')) return 'o';
  if (final.includes('e')) return 'e';
  if (final.includes('ü') || final.includes('v')) return 'ü';
  if (final.includes('i')) return 'i';
  return 'u';
}

/** A voice singing a vowel: harmonics of the pitch weighted by the vowel's formant resonances. */
export function vowelTable(vowel: Vowel, hz: number): Float32Array {
  const count = Math.max(1, Math.min(40, Math.floor(5000 / hz)));
  const harmonics = Array.from({ length: count }, (_, index) => {
    const frequency = (index + 1) * hz;
    const resonance = FORMANTS[vowel].reduce((sum, [centre, width, gain]) => sum + gain / (1 + ((frequency - centre) / width) ** 2), 0);
    return (resonance + 0.03) / (index + 1) ** 0.7;
  });
  return wavetable(harmonics);
}

/** A round bass: fundamental with two soft harmonics, plucked and decaying. */
export function bassNote(out: Float32Array, span: NoteSpan): void {
  const attack = msToSamples(8);
  const step = (2 * Math.PI * span.hz) / SAMPLE_RATE;
  for (let i = 0; i < span.length && span.start + i < out.length; i++) {
    const phase = step * i;
    const wave = Math.sin(phase) + 0.3 * Math.sin(2 * phase) + 0.1 * Math.sin(3 * phase);
    const gain = span.velocity * Math.min(1, i / attack) * (0.35 + 0.65 * Math.exp(-i / (SAMPLE_RATE * 0.6))) * releaseGain(i, span);
    out[span.start + i] = (out[span.start + i] ?? 0) + wave * gain;
  }
}

const PAD_TABLE = wavetable([1, 0.22, 0.06, 0.02]);

/** A pad tone: two slightly detuned oscillators breathing in slowly; `attack` samples to full level. */
export function padTone(out: Float32Array, span: NoteSpan, attack: number, startPhase: number): void {
  const detune = 2 ** (5 / 1200);
  const stepUp = (span.hz * detune * TABLE_SIZE) / SAMPLE_RATE;
  const stepDown = (span.hz / detune * TABLE_SIZE) / SAMPLE_RATE;
  let phaseUp = startPhase * TABLE_SIZE;
  let phaseDown = ((startPhase + 0.37) % 1) * TABLE_SIZE;
  const end = Math.min(span.length, out.length - span.start);
  for (let i = 0; i < end; i++) {
    phaseUp += stepUp;
    if (phaseUp >= TABLE_SIZE) phaseUp -= TABLE_SIZE;
    phaseDown += stepDown;
    if (phaseDown >= TABLE_SIZE) phaseDown -= TABLE_SIZE;
    const sample = readTable(PAD_TABLE, phaseUp) + readTable(PAD_TABLE, phaseDown);
    const gain = i < attack || i > end - span.release ? span.velocity * smoothStep(i / attack) * releaseGain(i, span) : span.velocity;
    out[span.start + i] = (out[span.start + i] ?? 0) + 0.5 * sample * gain;
  }
}

/** Linear interpolation in a wavetable at a fractional phase (in table samples). */
function readTable(table: Float32Array, phase: number): number {
  const at = Math.floor(phase);
  const below = table[at] ?? 0;
  return below + ((table[at + 1] ?? 0) - below) * (phase - at);
}

/** A soft low drum: a sine sweeping down from 120 Hz, like a muffled tanggu. */
export function drum(out: Float32Array, start: number, velocity: number): void {
  const length = msToSamples(500);
  let phase = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const hz = 50 + 70 * Math.exp(-i / (SAMPLE_RATE * 0.04));
    phase += (2 * Math.PI * hz) / SAMPLE_RATE;
    const gain = velocity * Math.min(1, i / 40) * Math.exp(-i / (SAMPLE_RATE * 0.14));
    out[start + i] = (out[start + i] ?? 0) + Math.sin(phase) * gain;
  }
}

/** A woodblock (muyu) tick: two inharmonic partials dying in a few tens of milliseconds. */
export function woodblock(out: Float32Array, start: number, velocity: number, random: Random): void {
  const length = msToSamples(160);
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const body = Math.sin(2 * Math.PI * 1050 * t) + 0.5 * Math.sin(2 * Math.PI * 1720 * t);
    const click = i < 90 ? (random() * 2 - 1) * (1 - i / 90) * 0.4 : 0;
    const gain = velocity * Math.min(1, i / 20) * Math.exp(-t / 0.028);
    out[start + i] = (out[start + i] ?? 0) + (body + click) * gain;
  }
}
