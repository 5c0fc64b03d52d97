import { PLAY_MODES, type PlayMode } from './music';

export type Direction = 'next' | 'previous';

/** RANDOM → LISTLOOP → SINGLECYCLE → RANDOM. */
export function nextMode(mode: PlayMode): PlayMode {
  return PLAY_MODES[(PLAY_MODES.indexOf(mode) + 1) % PLAY_MODES.length]!;
}

/**
 * The index to play after `current` in a list of `length` songs (spec section 4).
 * `current` is -1 when the playing song is not in the list. `randomInt(n)` returns an integer in [0, n).
 * Returns -1 only for an empty list.
 * - RANDOM: any other index, drawn uniformly; a list of one repeats it.
 * - LISTLOOP: wraps last → first going forward and first → last going back.
 * - SINGLECYCLE: stays (a song outside the list starts the list at its end of travel).
 */
export function nextIndex(
  mode: PlayMode,
  current: number,
  length: number,
  direction: Direction,
  randomInt: (max: number) => number,
): number {
  if (length <= 0) return -1;
  const inList = Number.isInteger(current) && current >= 0 && current < length;
  const start = direction === 'next' ? 0 : length - 1;
  switch (mode) {
    case 'SINGLECYCLE':
      return inList ? current : start;
    case 'LISTLOOP':
      if (!inList) return start;
      return direction === 'next' ? (current + 1) % length : (current - 1 + length) % length;
    case 'RANDOM': {
      if (length === 1) return 0;
      if (!inList) return clampDraw(randomInt(length), length);
      const draw = clampDraw(randomInt(length - 1), length - 1);
      return draw >= current ? draw + 1 : draw;
    }
  }
}

/** A misbehaving Random port must not push the index out of the list. */
function clampDraw(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max - 1, Math.max(0, Math.floor(value)));
}
