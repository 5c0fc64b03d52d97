/**
 * What the console's music forms stop at and the server refuses beyond: text lengths in characters (a Chinese
 * character is one), the lyric offset in ms, and the audio extensions an upload may have.
 */
export const MUSIC_LIMITS = {
  playlistName: 60,
  playlistDescription: 300,
  title: 120,
  artist: 60,
  album: 120,
  alias: 120,
  lyric: 200_000,
  /** Largest lyric offset either way, in ms. */
  offsetMs: 600_000,
} as const;

/** Extensions the upload accepts (audio); lyric sidecars are sent after their song. */
export const MUSIC_AUDIO_EXTENSIONS = ['mp3', 'flac', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'wav'] as const;
