/**
 * `npx tsx bench/lyrics.bench.ts`: parsing a 10 000-line LRC, and finding the active line by binary search
 * against a linear scan over the same times, both measured in this run.
 */
import { performance } from 'node:perf_hooks';
import { activeLineIndex, formatStamp, parseLrc } from '../src/domain/player/lyrics';

const LINES = 10_000;
const LOOKUPS = 200_000;

function linearActiveLine(times: readonly number[], time: number): number {
  let index = -1;
  for (let i = 0; i < times.length && (times[i] ?? Infinity) <= time; i += 1) index = i;
  return index;
}

function perSecond(runs: number, body: () => void): number {
  body();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) body();
  return runs / ((performance.now() - start) / 1000);
}

const source = Array.from({ length: LINES }, (_, i) => `[${formatStamp(i * 1500)}]第${i}行歌词，床前明月光`).join('\n');
const parses = perSecond(20, () => parseLrc(source));
const times = parseLrc(source).map((line) => line.time);
if (times.length !== LINES) throw new Error(`parsed ${times.length} lines of ${LINES}`);
const end = times[times.length - 1] ?? 0;
const probes = Array.from({ length: LOOKUPS }, (_, i) => ((i * 7919) % (end + 3000)) - 1000);
let checksum = 0;
const binary = perSecond(5, () => probes.forEach((time) => (checksum += activeLineIndex(times, time))));
const linear = perSecond(1, () => probes.slice(0, LOOKUPS / 100).forEach((time) => (checksum += linearActiveLine(times, time))));

console.log(`Parse a ${LINES}-line LRC: ${parses.toFixed(1)} parses/s (${(1000 / parses).toFixed(1)} ms each)`);
console.log(
  `Active line over ${LINES} lines: binary search ${((binary * LOOKUPS) / 1e6).toFixed(2)} M lookups/s, ` +
    `linear scan ${((linear * LOOKUPS) / 100 / 1e6).toFixed(3)} M lookups/s → ${((binary * 100) / linear).toFixed(0)}× (checksum ${checksum % 10})`,
);
