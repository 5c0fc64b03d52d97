/**
 * A mono Freeverb (Schroeder–Moorer): eight damped feedback combs in parallel, then four all-passes in series.
 * Delay lengths are Jezar's, tuned for 44.1 kHz; returns the wet signal only.
 */
const COMB_DELAYS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617] as const;
const ALLPASS_DELAYS = [556, 441, 341, 225] as const;
const ALLPASS_FEEDBACK = 0.5;
/** Freeverb's fixed input gain: eight combs summed with high feedback would otherwise be very loud. */
const INPUT_GAIN = 0.015;

export interface ReverbSettings {
  /** Comb feedback, 0.7 (small room) to 0.98 (hall). */
  roomSize: number;
  /** How fast highs die in the tail, 0 (bright) to 1 (dark). */
  damping: number;
}

export function reverb(input: Float32Array, { roomSize, damping }: ReverbSettings): Float32Array {
  const output = new Float32Array(input.length);
  for (const delay of COMB_DELAYS) addComb(input, output, delay, roomSize, damping);
  for (const delay of ALLPASS_DELAYS) allpassInPlace(output, delay);
  return output;
}

function addComb(input: Float32Array, output: Float32Array, delay: number, feedback: number, damping: number): void {
  const buffer = new Float32Array(delay);
  let index = 0;
  let filterStore = 0;
  for (let n = 0; n < input.length; n++) {
    const delayed = buffer[index] ?? 0;
    filterStore = delayed * (1 - damping) + filterStore * damping;
    buffer[index] = (input[n] ?? 0) * INPUT_GAIN + filterStore * feedback;
    output[n] = (output[n] ?? 0) + delayed;
    index = index + 1 === delay ? 0 : index + 1;
  }
}

function allpassInPlace(signal: Float32Array, delay: number): void {
  const buffer = new Float32Array(delay);
  let index = 0;
  for (let n = 0; n < signal.length; n++) {
    const delayed = buffer[index] ?? 0;
    const input = signal[n] ?? 0;
    buffer[index] = input + delayed * ALLPASS_FEEDBACK;
    signal[n] = delayed - input;
    index = index + 1 === delay ? 0 : index + 1;
  }
}
