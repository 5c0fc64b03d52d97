import type { ActorRefFrom } from 'xstate';
import type { musicSearchMachine } from '../domain/player/musicSearch.machine';
import type { playerMachine } from '../domain/player/player.machine';
import type { playlistMachine } from '../domain/player/playlist.machine';
import type { AudioOutput } from './audioOutput';

/** The music player once its code has loaded: long-lived actors for the rest of the visit. */
export interface PlayerRuntime {
  /** The global player: saved on pagehide and restored (paused) when the runtime starts. */
  player: ActorRefFrom<typeof playerMachine>;
  /** The overlay's classified playlists and their songs, 30 a page. */
  playlist: ActorRefFrom<typeof playlistMachine>;
  /** The music search panel, 20 a page. */
  search: ActorRefFrom<typeof musicSearchMachine>;
  /** The one audio element; `currentTime()` gives the precise position for per-frame karaoke fills. */
  audio: AudioOutput;
}

/**
 * What the first load carries of the player: the saved song for the floating disc, and a way to load the
 * rest (machines, audio, overlay data) on first use. The runtime then stays for the whole visit.
 */
export interface PlayerLoader {
  /** Loads the player code once and starts it; every later call answers the same runtime. */
  load(): Promise<PlayerRuntime>;
  /**
   * Fetches the code without starting anything (a first sign of intent: hover, focus, an idle moment).
   * Resolves once the code is in or its fetch failed (the next use retries); never rejects.
   */
  preload(): Promise<void>;
  /** The runtime once started, else null. */
  current(): PlayerRuntime | null;
  /** Called once, when the runtime has started. */
  subscribe(listener: () => void): () => void;
  /**
   * What the last visit saved, as stored, read synchronously without loading the player: `savedSongSummary`
   * reads the song from it where the disc is drawn, so the first load carries none of that reading.
   */
  savedState(): unknown;
}
