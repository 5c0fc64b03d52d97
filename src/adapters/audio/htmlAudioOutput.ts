import type { AudioOutput, AudioOutputEvent } from '../../ports/audioOutput';
import { mediaSpanOf } from '../../protocol/music';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An abort means a newer `load()` or `pause()` superseded this `play()`: not a failure. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The `AudioOutput` port on one `HTMLAudioElement`. A URL with a media fragment (`#t=start,end`, a CUE track's
 * span of its album's file) plays only that span, and the port speaks in the span's own time: it starts at the
 * span's start, reports times and the duration from there, keeps seeks inside it and reports `ended` at its end.
 * The player and the lyric board above never learn that the file is longer. The element is given the URL without
 * the fragment, since its own handling of one pauses at the end without `ended` and would not map times.
 */
export function createHtmlAudioOutput(element: HTMLAudioElement = new Audio()): AudioOutput {
  const listeners = new Set<(event: AudioOutputEvent) => void>();
  const send = (event: AudioOutputEvent) => listeners.forEach((listener) => listener(event));
  let pendingStart: number | null = null;
  /** The playing span of the file, seconds; `end` null: to the file's end. */
  let span: { start: number; end: number | null } = { start: 0, end: null };
  /**
   * The span's end was reached and the element paused there. The pause and time update that pausing queues are
   * the end, not news: reported, they would pause the player or give the next song this one's time.
   */
  let endedAtSpan = false;
  let endTimer: ReturnType<typeof setTimeout> | undefined;

  const length = () => (span.end ?? element.duration) - span.start;
  const relative = (time: number) => Math.max(0, Math.min(time - span.start, length() || Infinity));

  // Time updates come four times a second; a timer set for the span's end stops it on time, not up to 250 ms into
  // the next track.
  const watchEnd = () => {
    clearTimeout(endTimer);
    if (span.end === null || element.paused) return;
    const left = span.end - element.currentTime;
    if (left <= 0) {
      endedAtSpan = true;
      element.pause();
      send({ type: 'ended' });
    } else endTimer = setTimeout(watchEnd, (left * 1000) / (element.playbackRate || 1));
  };

  element.preload = 'auto';
  element.addEventListener('timeupdate', () => {
    if (endedAtSpan) return;
    send({ type: 'time', time: relative(element.currentTime) });
    watchEnd();
  });
  element.addEventListener('durationchange', () => {
    if (Number.isFinite(length())) send({ type: 'duration', duration: length() });
  });
  element.addEventListener('loadedmetadata', () => {
    if (pendingStart !== null && pendingStart > 0) element.currentTime = pendingStart;
    pendingStart = null;
  });
  element.addEventListener('ended', () => send({ type: 'ended' }));
  element.addEventListener('error', () => {
    if (!element.getAttribute('src')) return;
    send({ type: 'error', message: element.error?.message || `media error ${element.error?.code ?? ''}`.trim() });
  });
  // Queued events can arrive after a later command; report them only if the element still agrees.
  element.addEventListener('play', () => {
    if (!element.paused) send({ type: 'play' });
    watchEnd();
  });
  element.addEventListener('pause', () => {
    clearTimeout(endTimer);
    if (element.paused && !element.ended && !endedAtSpan) send({ type: 'pause' });
  });

  return {
    load(url, startAt = 0) {
      const { url: file, startMs, endMs } = mediaSpanOf(url);
      span = { start: startMs / 1000, end: endMs === null ? null : endMs / 1000 };
      endedAtSpan = false;
      pendingStart = span.start + Math.max(0, startAt);
      element.src = file;
      element.load();
    },
    async play() {
      endedAtSpan = false;
      try {
        await element.play();
      } catch (error) {
        if (isAbort(error)) return;
        send({ type: 'playFailed', message: messageOf(error) });
        throw error;
      }
    },
    pause() {
      element.pause();
    },
    seek(seconds) {
      if (!Number.isFinite(seconds)) return;
      endedAtSpan = false;
      const time = span.start + relative(span.start + seconds);
      if (element.readyState === 0) pendingStart = time;
      else element.currentTime = time;
    },
    setVolume(volume) {
      element.volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0));
    },
    currentTime: () => relative(element.currentTime),
    paused: () => element.paused,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
