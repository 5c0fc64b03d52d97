import type { Translation } from '../translation';
import type { consoleLyricTap as zh } from '../zh-CN/consoleLyricTap';
import { plural } from './plural';

/** The music library's lyric tap editor: timing each line by tapping along with the song. */
export const consoleLyricTap = {
  title: 'Tap to time',
  hint: 'Play the song and press Space (or ↓) as each line starts; Backspace (or ↑) steps back a line. ← / → nudge the selected line, with Shift they shift every line. Click a line to select it (the next tap starts there); click a time to play from it.',
  audio: 'Song audio',
  play: 'Play',
  pause: 'Pause',
  seek: 'Playback position',
  position: (current: string, total: string) => `${current} / ${total}`,
  rate: 'Playback speed',
  rateValue: (rate: number) => `${rate}×`,
  tap: 'Tap',
  untap: 'Back a line',
  line: 'Selected line',
  all: 'All lines',
  minus: '−0.1 s',
  plus: '+0.1 s',
  earlier: (what: string) => `Move ${what.toLowerCase()} 0.1 s earlier`,
  later: (what: string) => `Move ${what.toLowerCase()} 0.1 s later`,
  lines: 'Lyric lines',
  empty: 'There are no lyrics to time. Add the lyric text first.',
  untimed: '--:--.--',
  seekTo: (time: string) => `Jump to ${time}`,
  noTime: 'Not timed yet',
  next: 'Next line',
  progress: (timed: number, total: number) => `${timed} of ${plural(total, 'line')} timed`,
  refused: {
    empty: 'There are no lyrics to save',
    untimed: (count: number) =>
      `${count === 1 ? '1 line still needs' : `${count} lines still need`} a time. Time every line, then save.`,
  },
  failed: (reason: string) => `Couldn’t save: ${reason}`,
  saved: 'Saved',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
} as const satisfies Translation<typeof zh>;
