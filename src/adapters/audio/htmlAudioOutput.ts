import type { AudioOutput, AudioOutputEvent } from '../../ports/audioOutput';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An abort means a newer `load()` or `pause()` superseded this `play()`: not a failure. */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The `AudioOutput` port on one `HTMLAudioElement`. */
export function createHtmlAudioOutput(element: HTMLAudioElement = new Audio()): AudioOutput {
  const listeners = new Set<(event: AudioOutputEvent) => void>();
  const send = (event: AudioOutputEvent) => listeners.forEach((listener) => listener(event));
  let pendingStart: number | null = null;

  element.preload = 'auto';
  element.addEventListener('timeupdate', () => send({ type: 'time', time: element.currentTime }));
  element.addEventListener('durationchange', () => {
    if (Number.isFinite(element.duration)) send({ type: 'duration', duration: element.duration });
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
  });
  element.addEventListener('pause', () => {
    if (element.paused && !element.ended) send({ type: 'pause' });
  });

  return {
    load(url, startAt = 0) {
      pendingStart = startAt;
      element.src = url;
      element.load();
    },
    async play() {
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
      if (element.readyState === 0) pendingStart = Math.max(0, seconds);
      else element.currentTime = Math.max(0, seconds);
    },
    setVolume(volume) {
      element.volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0));
    },
    currentTime: () => element.currentTime,
    paused: () => element.paused,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
