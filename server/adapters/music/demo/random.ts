/** A seeded source of numbers in [0, 1): the demo album never calls Math.random, so a seed replays it exactly. */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for music; the same seed gives the same sequence on every platform. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a text mixed with a base seed: one independent, stable stream per song or cover. */
export function deriveSeed(base: number, text: string): number {
  let hash = (0x811c9dc5 ^ base) >>> 0;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Chooses among values by relative weights. */
export function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let threshold = random() * total;
  for (const [value, weight] of choices) {
    threshold -= weight;
    if (threshold < 0) return value;
  }
  return pick(random, choices)[0];
}
