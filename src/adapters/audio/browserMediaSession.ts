import type { MediaSession, MediaSessionHandlers } from '../../ports/mediaSession';

/** Does nothing: browsers without `navigator.mediaSession`, and the server render. */
export const noMediaSession: MediaSession = {
  setMetadata() {},
  setPlaybackState() {},
  setPosition() {},
  setHandlers: () => () => {},
};

/** The Media Session API: title, artist and cover on the lock screen; media keys, headphones and the OS controls. */
export function createMediaSession(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): MediaSession {
  const session = nav?.mediaSession;
  if (!session || typeof MediaMetadata === 'undefined') return noMediaSession;

  const setAction = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  };

  return {
    setMetadata(metadata) {
      session.metadata = metadata
        ? new MediaMetadata({
            title: metadata.title,
            artist: metadata.artist,
            album: metadata.album ?? '',
            artwork: metadata.cover ? [{ src: metadata.cover, sizes: '512x512' }] : [],
          })
        : null;
    },
    setPlaybackState(state) {
      session.playbackState = state;
    },
    setPosition(position, duration) {
      if (!Number.isFinite(duration) || duration <= 0 || typeof session.setPositionState !== 'function') return;
      try {
        session.setPositionState({ duration, position: Math.min(Math.max(0, position), duration), playbackRate: 1 });
      } catch {
        // Inconsistent values while a new song loads.
      }
    },
    setHandlers(handlers: MediaSessionHandlers) {
      setAction('play', () => handlers.play());
      setAction('pause', () => handlers.pause());
      setAction('previoustrack', () => handlers.previous());
      setAction('nexttrack', () => handlers.next());
      setAction('seekto', (details) => {
        if (typeof details.seekTime === 'number') handlers.seekTo(details.seekTime);
      });
      return () => {
        for (const action of ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto'] as const) setAction(action, null);
      };
    },
  };
}
