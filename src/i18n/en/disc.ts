import type { Translation } from '../translation';
import type { disc as zh } from '../zh-CN/disc';

/** What every page shows before the player's code loads: the floating disc and the first visit's hint. */
export const disc = {
  startHint: 'There’s music in the bottom-left corner. Give it a listen!',
  unknownArtist: 'Unknown artist',
  openPlayer: 'Open music player',
  discIdle: 'Play some music',
  discIdleHint: 'Click to open the player',
  startHintTitle: 'Psst',
  play: 'Play',
  pause: 'Pause',
} as const satisfies Translation<typeof zh>;
