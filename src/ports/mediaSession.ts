/** The operating system's media controls (keyboard media keys, headphones, lock screen). */
export interface MediaMetadataInfo {
  title: string;
  artist: string;
  album?: string;
  cover?: string;
}

export type MediaSessionAction = 'play' | 'pause' | 'previoustrack' | 'nexttrack' | 'seekto' | 'seekbackward' | 'seekforward';

export interface MediaSessionHandlers {
  play(): void;
  pause(): void;
  previous(): void;
  next(): void;
  /** Seconds. */
  seekTo(seconds: number): void;
}

export interface MediaSession {
  setMetadata(metadata: MediaMetadataInfo | null): void;
  setPlaybackState(state: 'playing' | 'paused' | 'none'): void;
  /** Seconds; ignored while the duration is unknown. */
  setPosition(position: number, duration: number): void;
  /** Installs the handlers; returns a function that removes them. */
  setHandlers(handlers: MediaSessionHandlers): () => void;
}
