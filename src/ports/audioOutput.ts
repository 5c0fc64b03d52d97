/** What the audio element tells its listener. Times in seconds. */
export type AudioOutputEvent =
  | { type: 'time'; time: number }
  | { type: 'duration'; duration: number }
  | { type: 'ended' }
  /** `play()` was refused (autoplay policy, unsupported source); an abort by a newer load or pause is not one. */
  | { type: 'playFailed'; message: string }
  | { type: 'error'; message: string }
  /** The element really started or stopped playing (reported only when its state agrees when it fires). */
  | { type: 'play' }
  | { type: 'pause' };

/** One audio element for the whole visit. */
export interface AudioOutput {
  /** Sets the source and starts at `startAt` seconds once the metadata is known; does not play. */
  load(url: string, startAt?: number): void;
  /** Resolves when playback started; failures are also reported as a `playFailed` event. */
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  /** 0 to 1. */
  setVolume(volume: number): void;
  /** The precise position now, seconds: read it in `requestAnimationFrame` for karaoke fills. */
  currentTime(): number;
  paused(): boolean;
  subscribe(listener: (event: AudioOutputEvent) => void): () => void;
}
