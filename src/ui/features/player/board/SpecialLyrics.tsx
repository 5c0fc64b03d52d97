import { Disc3 } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { lineFade } from '../../../../domain/player/display';
import type { LyricLine, Song } from '../../../../domain/player/music';
import * as zhCN from '../../../../i18n/zh-CN';
import { fillWords } from './karaoke';
import { KaraokeText } from './KaraokeText';
import { LinesPainter, type Painter } from './painter';

const text = zhCN.music.lyricBoard;

interface Props {
  song: Song | null;
  lines: readonly LyricLine[];
  /** The track is still loading (no lines yet). */
  loading: boolean;
  songEndMs: number;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  onPainter: (painter: Painter | null) => void;
}

/**
 * SPECIAL: the spinning cover, a large title and author, and one line at a time. Lines whose gap to the next is
 * 1 s or more fade in and out (spec section 9); every line fills word by word, or sweeps when it has no word
 * times.
 */
export function SpecialLyrics({ song, lines, loading, songEndMs, fullscreen, onToggleFullscreen, onPainter }: Props) {
  const stageRef = useRef<HTMLDivElement>(null);
  const words = useMemo(() => lines.map((_, i) => fillWords(lines, i, songEndMs)), [lines, songEndMs]);
  const times = useMemo(() => lines.map((line) => line.time), [lines]);
  const fades = useMemo(() => times.map((_, i) => lineFade(times, i).fadeIn), [times]);

  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const lineEls = Array.from(stage.querySelectorAll<HTMLElement>('[data-line]'));
    const painter = new LinesPainter(lineEls, times, words, (previous, next) => {
      const before = lineEls[previous];
      if (before) {
        before.classList.remove('is-active');
        before.classList.toggle('is-past', next > previous);
      }
      const after = lineEls[next];
      if (after) {
        after.classList.remove('is-past');
        after.classList.add('is-active');
      }
      stage.dataset.line = String(next);
    });
    onPainter(painter);
    return () => onPainter(null);
  }, [lines, words, times, onPainter]);

  const fullscreenLabel = fullscreen ? text.exitFullscreen : text.enterFullscreen;
  const title = song?.name ?? text.noSong;
  const author = song ? song.artists.join(' / ') || zhCN.disc.unknownArtist : '';

  return (
    <div className="lb-special">
      <button type="button" className="sp-disc" aria-label={fullscreenLabel} title={fullscreenLabel} onClick={onToggleFullscreen}>
        <span className="sp-disc__spin">
          {song?.cover ? <img className="sp-disc__art" src={song.cover} alt="" draggable={false} /> : <Disc3 className="sp-disc__art sp-disc__art--empty" aria-hidden="true" />}
        </span>
      </button>
      <div className="sp-head">
        <h2 className="sp-title">
          <button type="button" aria-label={`${fullscreenLabel}：${title}`} title={fullscreenLabel} onClick={onToggleFullscreen}>
            {title}
          </button>
        </h2>
        {author && <p className="sp-author">{author}</p>}
      </div>
      <div className="sp-stage" ref={stageRef} data-line="-1">
        {lines.map((line, i) => (
          <p key={i} className={fades[i] ? 'sp-line fades' : 'sp-line'} data-line={i}>
            <span className="sp-line__text">
              <KaraokeText words={words[i]!} />
            </span>
            {line.translation && <span className="sp-line__tr">{line.translation}</span>}
          </p>
        ))}
        {lines.length === 0 && <p className="sp-empty">{loading ? text.loadingLyrics : song ? text.noLyrics : ''}</p>}
      </div>
    </div>
  );
}
