import { useLayoutEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LyricLine } from '../../../../domain/player/music';
import type { playerMachine } from '../../../../domain/player/player.machine';
import * as zhCN from '../../../../i18n/zh-CN';
import { centredScrollTop, fillWords, manualScrollHolds } from './karaoke';
import { KaraokeText } from './KaraokeText';
import { LinesPainter, type Painter } from './painter';

const text = zhCN.music.lyricBoard;
/** Keys that scroll the list when it has the focus. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Props {
  player: ActorRefFrom<typeof playerMachine>;
  lines: readonly LyricLine[];
  songEndMs: number;
  onPainter: (painter: Painter | null) => void;
}

/**
 * COMMON: every line in a scrolling list, the current one centred (30 px above the middle) and filled word by
 * word; a manual scroll holds the centring for 1 s; a click on a line seeks there and plays.
 */
export function CommonLyrics({ player, lines, songEndMs, onPainter }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const words = useMemo(() => lines.map((_, i) => fillWords(lines, i, songEndMs)), [lines, songEndMs]);
  const times = useMemo(() => lines.map((line) => line.time), [lines]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const lineEls = Array.from(list.querySelectorAll<HTMLElement>('[data-line]'));
    let lastManualAt: number | null = null;
    /** A centring the manual-scroll hold postponed. */
    let pending = false;
    let first = true;

    const centre = (index: number, smooth: boolean) => {
      const line = lineEls[index];
      if (!line) return;
      const top = centredScrollTop(line.offsetTop, line.offsetHeight, list.clientHeight, list.scrollHeight);
      list.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant' });
    };

    const painter = new LinesPainter(lineEls, times, words, (previous, next, now) => {
      const before = lineEls[previous];
      before?.classList.remove('is-active');
      before?.removeAttribute('aria-current');
      const after = lineEls[next];
      after?.classList.add('is-active');
      after?.setAttribute('aria-current', 'true');
      if (next < 0) return;
      // The line a listener just clicked is already centred by the click itself.
      if (player.getSnapshot().context.isClickLyric) return;
      if (manualScrollHolds(lastManualAt, now)) pending = true;
      else centre(next, !first);
      first = false;
    });

    const boardPainter: Painter = {
      paint(frame) {
        painter.paint(frame);
        if (pending && !manualScrollHolds(lastManualAt, frame.now)) {
          pending = false;
          centre(painter.activeIndex, true);
        }
      },
    };
    onPainter(boardPainter);

    const manual = () => {
      lastManualAt = performance.now();
      pending = true;
    };
    const onKey = (event: KeyboardEvent) => {
      if (SCROLL_KEYS.has(event.key) && event.target === list) manual();
    };
    // A press on the list itself (not on a line) is the scrollbar being dragged.
    const onPointer = (event: PointerEvent) => {
      if (event.target === list) manual();
    };
    const onClick = (event: MouseEvent) => {
      const line = (event.target as HTMLElement).closest<HTMLElement>('[data-line]');
      if (!line || !list.contains(line)) return;
      const index = Number(line.dataset.line);
      lastManualAt = null;
      pending = false;
      centre(index, true);
      player.send({ type: 'lyric.seek', index });
    };
    list.addEventListener('wheel', manual, { passive: true });
    list.addEventListener('touchmove', manual, { passive: true });
    list.addEventListener('keydown', onKey);
    list.addEventListener('pointerdown', onPointer);
    list.addEventListener('click', onClick);
    // Tabbing to a line scrolls it into view: that is the listener's scroll too.
    list.addEventListener('focusin', manual);
    const recentre = player.on('lyric.recentre', (event) => {
      lastManualAt = null;
      pending = false;
      centre(event.index >= 0 ? event.index : painter.activeIndex, true);
    });

    return () => {
      onPainter(null);
      recentre.unsubscribe();
      list.removeEventListener('wheel', manual);
      list.removeEventListener('touchmove', manual);
      list.removeEventListener('keydown', onKey);
      list.removeEventListener('pointerdown', onPointer);
      list.removeEventListener('click', onClick);
      list.removeEventListener('focusin', manual);
    };
  }, [player, lines, words, times, onPainter]);

  return (
    <div className="lb-common" ref={listRef} tabIndex={-1} aria-label={text.lyricList}>
      <ol className="lb-common__list">
        {lines.map((line, i) => (
          <li key={i} className="lb-common__item">
            <button type="button" className="lb-line" data-line={i}>
              <span className="visually-hidden">{text.seekTo}</span>
              <span className="lb-line__text">
                <KaraokeText words={words[i]!} />
              </span>
              {line.translation && <span className="lb-line__tr">{line.translation}</span>}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
