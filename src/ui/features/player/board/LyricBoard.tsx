import { useSelector } from '../../../hooks/useSelector';
import { AlignJustify, ChevronDown, Maximize2, Minimize2, Pause, Play, SkipBack, SkipForward, Sparkles } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatTime, lyricClockMs, offsetFor } from '../../../../domain/player/display';
import type { playerMachine } from '../../../../domain/player/player.machine';
import type { AudioOutput } from '../../../../ports/audioOutput';
import * as zhCN from '../../../../i18n/zh-CN';
import { BoardSettings } from './BoardSettings';
import { useBoardPrefs } from './boardPrefs';
import { CommonLyrics } from './CommonLyrics';
import { useFrameLoop, type Painter } from './painter';
import { SpecialLyrics } from './SpecialLyrics';
import './board.css';

const text = zhCN.music.lyricBoard;

export interface LyricBoardProps {
  player: ActorRefFrom<typeof playerMachine>;
  audio: AudioOutput;
}

/** Whether `element` is the document's full-screen element, kept in step with `fullscreenchange`. */
function useFullscreen(element: HTMLElement | null): boolean {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!element) return;
    const update = () => setFullscreen(document.fullscreenElement === element);
    update();
    document.addEventListener('fullscreenchange', update);
    return () => {
      document.removeEventListener('fullscreenchange', update);
      if (document.fullscreenElement === element) void document.exitFullscreen().catch(() => undefined);
    };
  }, [element]);
  return fullscreen;
}

/**
 * The full-screen lyric board, COMMON (scrolling list) or SPECIAL (one line at a time). It reads the player
 * with selectors and only sends events; one `requestAnimationFrame` loop reads the audio clock and paints the
 * karaoke fill, the time and the progress straight onto the DOM.
 */
export default function LyricBoard({ player, audio }: LyricBoardProps) {
  const song = useSelector(player, (state) => state.context.current);
  const track = useSelector(player, (state) => state.context.track);
  const lyricType = useSelector(player, (state) => state.context.lyricType);
  const settings = useSelector(player, (state) => state.context.lyricSettings);
  const offset = useSelector(player, (state) => offsetFor(state.context.lyricOffsets, state.context.current?.id));
  const playing = useSelector(player, (state) => state.matches({ playback: 'playing' }));
  const loading = useSelector(player, (state) => state.hasTag('busy'));
  const duration = useSelector(player, (state) => state.context.duration);
  const prefs = useBoardPrefs();

  const [board, setBoard] = useState<HTMLDivElement | null>(null);
  const fullscreen = useFullscreen(board);
  const painter = useRef<Painter | null>(null);
  const onPainter = useCallback((next: Painter | null) => {
    painter.current = next;
  }, []);

  // The loop reads these each frame; they change only when the player does.
  const clock = useRef({ offset, duration });
  useEffect(() => {
    clock.current = { offset, duration };
  }, [offset, duration]);
  const timeRef = useRef<HTMLSpanElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const shown = useRef({ second: -1, ratio: -1 });

  useFrameLoop((now) => {
    const seconds = audio.currentTime();
    painter.current?.paint({ clockMs: lyricClockMs(seconds, clock.current.offset), now });
    const second = Math.floor(seconds);
    if (second !== shown.current.second && timeRef.current) {
      timeRef.current.textContent = formatTime(seconds);
      shown.current.second = second;
    }
    const total = clock.current.duration;
    const ratio = total > 0 ? Math.min(1, Math.max(0, seconds / total)) : 0;
    if (Math.abs(ratio - shown.current.ratio) > 0.0005 && barRef.current) {
      barRef.current.style.transform = `scaleX(${ratio.toFixed(4)})`;
      shown.current.ratio = ratio;
    }
  });

  const toggleFullscreen = useCallback(() => {
    if (!board) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void board.requestFullscreen?.().catch(() => undefined);
  }, [board]);

  const lines = track?.lines ?? [];
  const songEndMs = duration * 1000;
  const background = prefs.background?.url ?? song?.cover ?? '';
  const vars = {
    '--lb-title-size': `${settings.titleSize}rem`,
    '--lb-author-size': `${settings.authorSize}rem`,
    '--lb-lyric-size': `${settings.lyricSize}rem`,
    '--lb-brightness': String(settings.brightness),
  } as CSSProperties;
  const special = lyricType === 'SPECIAL';
  const fullscreenLabel = fullscreen ? text.exitFullscreen : text.enterFullscreen;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && player.send({ type: 'board.show', show: false })}>
      <Dialog.Portal>
        <Dialog.Content
          ref={setBoard}
          className="lyric-board"
          data-mode={lyricType}
          data-playing={playing}
          data-pro={prefs.professional || undefined}
          data-custom-bg={prefs.background ? true : undefined}
          aria-describedby={undefined}
          style={vars}
          onOpenAutoFocus={(event) => {
            // The board itself takes the focus: Tab then reaches the close button, without a ring on open.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">{text.label}</Dialog.Title>
          <div className="lb-bg" aria-hidden="true">
            {background && !prefs.professional && (
              <div className="lb-bg__image" style={{ backgroundImage: `url("${background}")` }} data-testid="lyric-board-background" />
            )}
            <div className="lb-bg__veil" />
          </div>

          <div className="lb-top">
            <Dialog.Close className="lb-icon" aria-label={text.close} title={text.close}>
              <ChevronDown aria-hidden="true" />
            </Dialog.Close>
            {!special && song && (
              <p className="lb-top__song">
                <span className="lb-top__name">{song.name}</span>
                <span className="lb-top__artist">{song.artists.join(' / ') || zhCN.disc.unknownArtist}</span>
              </p>
            )}
            <div className="lb-top__tools">
              <button
                type="button"
                className="lb-pill"
                aria-label={special ? text.toCommon : text.toSpecial}
                title={special ? text.toCommon : text.toSpecial}
                onClick={() => player.send({ type: 'lyric.type.toggle' })}
              >
                {special ? <AlignJustify aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                <span>{special ? text.common : text.special}</span>
              </button>
              <BoardSettings player={player} settings={settings} offset={offset} hasSong={song !== null} container={board} />
              <button type="button" className="lb-icon lb-only-wide" aria-label={fullscreenLabel} title={fullscreenLabel} onClick={toggleFullscreen}>
                {fullscreen ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
              </button>
            </div>
          </div>

          <div className="lb-main">
            {special ? (
              <SpecialLyrics
                song={song}
                lines={lines}
                loading={loading}
                songEndMs={songEndMs}
                fullscreen={fullscreen}
                onToggleFullscreen={toggleFullscreen}
                onPainter={onPainter}
              />
            ) : lines.length > 0 ? (
              <CommonLyrics player={player} lines={lines} songEndMs={songEndMs} onPainter={onPainter} />
            ) : (
              <p className="lb-empty">{loading ? text.loadingLyrics : song ? text.noLyrics : text.noSong}</p>
            )}
          </div>

          <div className="lb-bottom">
            <div className="lb-progress" aria-hidden="true">
              <div className="lb-progress__bar" ref={barRef} />
            </div>
            <div className="lb-transport">
              <span className="lb-time">
                <span ref={timeRef}>{formatTime(0)}</span>
                <span className="lb-time__sep">/</span>
                <span>{formatTime(duration)}</span>
              </span>
              <div className="lb-transport__buttons">
                <button type="button" className="lb-icon" aria-label={text.previous} title={text.previous} onClick={() => player.send({ type: 'track.previous' })}>
                  <SkipBack aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="lb-play"
                  aria-label={playing ? text.pause : text.play}
                  title={playing ? text.pause : text.play}
                  onClick={() => player.send({ type: 'playback.toggle' })}
                >
                  {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                </button>
                <button type="button" className="lb-icon" aria-label={text.next} title={text.next} onClick={() => player.send({ type: 'track.next' })}>
                  <SkipForward aria-hidden="true" />
                </button>
              </div>
              <span className="lb-transport__spacer" />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
