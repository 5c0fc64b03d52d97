import { useActorRef } from '@xstate/react';
import { LoaderCircle, Pause, Play, Timer, Undo2 } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  NUDGE,
  activeLine,
  audioSecondsOf,
  formatTapSheet,
  formatTime,
  sheetTimeAt,
  untimedCount,
  type TapLine,
} from '../../../domain/console/lyricTap';
import { lyricTapMachine } from '../../../domain/console/lyricTap.machine';
import * as zhCN from '../../../i18n/zh-CN';
import { useSelector } from '../../hooks/useSelector';
import './lyricTap.css';

const words = zhCN.consoleLyricTap;
const RATES = [0.5, 0.75, 1] as const;

export interface LyricTapEditorProps {
  /** The song's audio address. */
  audioSrc: string;
  /** The plain text to time, one lyric line per line (may already be LRC: its times are kept as a start). */
  text: string;
  /** Called with the finished LRC text when the writer presses 保存; resolve/reject reflects the save. */
  onSave: (lrc: string) => Promise<void>;
  onCancel: () => void;
}

interface AudioClock {
  /** Seconds into the song. */
  current: number;
  duration: number;
  playing: boolean;
  rate: number;
}

/** The editor's own audio element as React state; the position follows every frame while it plays. */
function useAudioClock(audio: RefObject<HTMLAudioElement | null>): AudioClock {
  const [clock, setClock] = useState<AudioClock>({ current: 0, duration: 0, playing: false, rate: 1 });
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let frame = 0;
    const read = () =>
      setClock({
        // Whole centiseconds: a frame that does not move the shown time does not render.
        current: Math.round(element.currentTime * 100) / 100,
        duration: Number.isFinite(element.duration) ? element.duration : 0,
        playing: !element.paused,
        rate: element.playbackRate,
      });
    const follow = () => {
      read();
      frame = element.paused ? 0 : requestAnimationFrame(follow);
    };
    const changed = () => {
      cancelAnimationFrame(frame);
      follow();
    };
    const events = ['play', 'pause', 'ended', 'seeked', 'timeupdate', 'durationchange', 'loadedmetadata', 'ratechange'];
    for (const type of events) element.addEventListener(type, changed);
    changed();
    return () => {
      cancelAnimationFrame(frame);
      for (const type of events) element.removeEventListener(type, changed);
    };
  }, [audio]);
  return clock;
}

/** The browser keeps these keys for the slider and the speed buttons' own use. */
const ownKeys = (target: EventTarget) => target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/**
 * 打点校时: the writer plays the song and stamps each lyric line as it starts, then saves the LRC. The text
 * is read once, when the editor opens: give it a `key` to start over with another song or text.
 */
export default function LyricTapEditor({ audioSrc, text, onSave, onCancel }: LyricTapEditorProps) {
  const actor = useActorRef(lyricTapMachine, { input: { text } });
  const sheet = useSelector(actor, (s) => s.context.sheet);
  const problem = useSelector(actor, (s) => s.context.problem);
  const error = useSelector(actor, (s) => s.context.error);
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.context.saved !== null && s.context.saved === formatTapSheet(s.context.sheet));

  const audio = useRef<HTMLAudioElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const root = useRef<HTMLElement>(null);
  const clock = useAudioClock(audio);
  const active = activeLine(sheet.lines, sheetTimeAt(sheet, clock.current));

  const stamp = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    actor.send({ type: 'line.tap', time: sheetTimeAt(actor.getSnapshot().context.sheet, element.currentTime) });
  }, [actor]);
  const select = useCallback((index: number) => actor.send({ type: 'line.select', index }), [actor]);
  const seek = useCallback(
    (time: number) => {
      if (audio.current) audio.current.currentTime = audioSecondsOf(actor.getSnapshot().context.sheet, time);
    },
    [actor],
  );
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => {});
    else element.pause();
  };

  useEffect(() => root.current?.focus(), []);

  useEffect(() => {
    // The parent may close the editor as soon as the save is done: a stopped actor is told nothing.
    const tell = (event: { type: 'save.done' } | { type: 'save.failed'; message: string }) => {
      if (actor.getSnapshot().status === 'active') actor.send(event);
    };
    const requested = actor.on('save.requested', ({ lrc }) => {
      onSave(lrc).then(
        () => tell({ type: 'save.done' }),
        (error: unknown) => tell({ type: 'save.failed', message: error instanceof Error ? error.message : String(error) }),
      );
    });
    return () => requested.unsubscribe();
  }, [actor, onSave]);

  // Keeps in view the line being sung while the song plays, else the line the next tap stamps.
  const shown = clock.playing && active >= 0 ? active : sheet.cursor;
  useEffect(() => {
    const box = list.current;
    const row = box?.children[shown] as HTMLElement | undefined;
    if (!box || !row) return;
    const top = row.offsetTop - (box.clientHeight - row.offsetHeight) / 2;
    box.scrollTo({ top: Math.max(0, top), behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || ownKeys(event.target)) return;
    const step = event.key === 'ArrowLeft' ? -NUDGE : event.key === 'ArrowRight' ? NUDGE : 0;
    if (event.key === ' ' || event.key === 'ArrowDown') {
      if (!event.repeat) stamp();
    } else if (event.key === 'Backspace' || event.key === 'ArrowUp') {
      actor.send({ type: 'line.untap' });
    } else if (step !== 0) {
      actor.send(event.shiftKey ? { type: 'all.shift', delta: step } : { type: 'line.nudge', delta: step });
    } else return;
    // Also keeps Space from pressing the focused button a second time.
    event.preventDefault();
  };

  const timed = sheet.lines.length - untimedCount(sheet);
  const message = error !== null ? words.failed(error) : problem === null ? null : problem.kind === 'empty' ? words.refused.empty : words.refused.untimed(problem.count);

  return (
    <section ref={root} className="lyric-tap" aria-label={words.title} tabIndex={-1} onKeyDown={onKeyDown}>
      <audio ref={audio} src={audioSrc} preload="metadata" aria-label={words.audio} />
      <p className="lyric-tap__hint">{words.hint}</p>

      <div className="lyric-tap__transport">
        <button type="button" className="icon-button lyric-tap__play" onClick={toggle} aria-label={clock.playing ? words.pause : words.play}>
          {clock.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </button>
        <input
          className="lyric-tap__seek"
          type="range"
          min={0}
          max={clock.duration || 0}
          step={0.01}
          value={Math.min(clock.current, clock.duration || 0)}
          aria-label={words.seek}
          aria-valuetext={formatTime(clock.current * 100)}
          onChange={(event) => {
            if (audio.current) audio.current.currentTime = Number(event.target.value);
          }}
        />
        <span className="lyric-tap__clock">{words.position(formatTime(clock.current * 100), formatTime(clock.duration * 100))}</span>
        <div className="lyric-tap__rates" role="group" aria-label={words.rate}>
          {RATES.map((rate) => (
            <button
              key={rate}
              type="button"
              className="lyric-tap__chip"
              aria-pressed={clock.rate === rate}
              onClick={() => {
                if (audio.current) audio.current.playbackRate = rate;
              }}
            >
              {words.rateValue(rate)}
            </button>
          ))}
        </div>
      </div>

      <div className="lyric-tap__tools">
        {/* aria-disabled, not disabled: the focused button keeps the focus (and the keys) after the last line. */}
        <button type="button" className="button button--primary lyric-tap__tap" onClick={stamp} aria-disabled={saving || sheet.cursor >= sheet.lines.length}>
          <Timer aria-hidden="true" />
          {words.tap}
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'line.untap' })} disabled={saving}>
          <Undo2 aria-hidden="true" />
          {words.untap}
        </button>
        <NudgePair label={words.line} disabled={saving || sheet.selected === null || sheet.lines[sheet.selected]?.time == null} onNudge={(delta) => actor.send({ type: 'line.nudge', delta })} />
        <NudgePair label={words.all} disabled={saving || timed === 0} onNudge={(delta) => actor.send({ type: 'all.shift', delta })} />
      </div>

      {sheet.lines.length === 0 ? (
        <p className="lyric-tap__empty">{words.empty}</p>
      ) : (
        <ol ref={list} className="lyric-tap__lines" aria-label={words.lines}>
          {sheet.lines.map((line, index) => (
            <TapRow
              key={index}
              line={line}
              index={index}
              active={index === active}
              selected={index === sheet.selected}
              next={index === sheet.cursor}
              onSelect={select}
              onSeek={seek}
            />
          ))}
        </ol>
      )}

      <footer className="lyric-tap__footer">
        <span className="lyric-tap__count">{words.progress(timed, sheet.lines.length)}</span>
        <span className="lyric-tap__message" role="alert">
          {message}
        </span>
        {saved && !message && (
          <span className="lyric-tap__saved" role="status">
            {words.saved}
          </span>
        )}
        <div className="lyric-tap__actions">
          <button type="button" className="button" onClick={onCancel} disabled={saving}>
            {words.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'sheet.save' })} aria-disabled={saving} aria-busy={saving}>
            {saving && <LoaderCircle className="lyric-tap__spinner" aria-hidden="true" />}
            {saving ? words.saving : words.save}
          </button>
        </div>
      </footer>
    </section>
  );
}

/** −0.1 秒 / +0.1 秒 for the selected line or for all lines. */
function NudgePair({ label, disabled, onNudge }: { label: string; disabled: boolean; onNudge: (delta: number) => void }) {
  return (
    <div className="lyric-tap__nudge" role="group" aria-label={label}>
      <span aria-hidden="true">{label}</span>
      <button type="button" className="lyric-tap__chip" disabled={disabled} onClick={() => onNudge(-NUDGE)} aria-label={words.earlier(label)}>
        {words.minus}
      </button>
      <button type="button" className="lyric-tap__chip" disabled={disabled} onClick={() => onNudge(NUDGE)} aria-label={words.later(label)}>
        {words.plus}
      </button>
    </div>
  );
}

interface TapRowProps {
  line: TapLine;
  index: number;
  /** Sung now. */
  active: boolean;
  /** Moved by the nudges. */
  selected: boolean;
  /** Stamped by the next tap. */
  next: boolean;
  onSelect: (index: number) => void;
  onSeek: (time: number) => void;
}

/** One lyric line: its time (a click plays from there) and its text (a click selects it). */
const TapRow = memo(function TapRow({ line, index, active, selected, next, onSelect, onSeek }: TapRowProps) {
  const time = line.time;
  return (
    <li className="lyric-tap__line" data-active={active} data-selected={selected} data-next={next}>
      <button
        type="button"
        className="lyric-tap__time"
        disabled={time === null}
        onClick={() => time !== null && onSeek(time)}
        aria-label={time === null ? words.noTime : words.seekTo(formatTime(time))}
      >
        {time === null ? words.untimed : formatTime(time)}
      </button>
      <button type="button" className="lyric-tap__text" aria-pressed={selected} onClick={() => onSelect(index)}>
        {line.text}
        {next && <span className="visually-hidden">{words.next}</span>}
      </button>
    </li>
  );
});
