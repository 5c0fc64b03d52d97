import type { Translation } from '../translation';
import type { musicServer as zh } from '../zh-CN/musicServer';
import { plural } from './plural';

/** The music library and its `/wapi` calls (server side). */
export const musicServer = {
  songNotFound: 'Song not found',
  playlistNotFound: 'Playlist not found',
  coverNotFound: 'Cover not found',
  badParameter: (name: string) => `Invalid parameter: ${name}`,
  keywordTooLong: (max: number) => `Searches can’t be longer than ${plural(max, 'character')}`,
  upstreamFailed: 'The music service is unavailable right now. Please try again later.',
  upstreamTimeout: 'The music service took too long to respond. Please try again later.',
  rangeNotSatisfiable: 'The requested range isn’t valid',
  unknownArtist: 'Unknown artist',
  looseSongs: 'Loose tracks',
  looseSongsDescription: 'Songs at the top of the music folder',
  updatedOn: (date: string) => `Updated ${date}`,
  /** A CUE track without a TITLE. */
  cueTrack: (number: number) => `Track ${String(number).padStart(2, '0')}`,
  scan: {
    scanning: 'Scanning the music library',
    done: (songs: number, playlists: number, skipped: number) =>
      `Scan finished: ${plural(playlists, 'playlist')}, ${plural(songs, 'song')}${skipped > 0 ? `, ${plural(skipped, 'file')} skipped` : ''}`,
    unreadable: (file: string, detail: string) => `Can’t read ${file}: ${detail}`,
    skipped: (file: string, reason: string) => `Skipped ${file}: ${reason}`,
    unplayable: (format: string) =>
      `Browsers can’t play ${format}. Convert it to FLAC or MP3, then put it in the music folder.`,
    demoCopied: (count: number) => `Added ${plural(count, 'sample song')}`,
    cueNoTracks: 'The CUE sheet has no playable tracks',
    cueFileMissing: (name: string) => `The audio file the CUE sheet points to is missing or can’t be played: ${name}`,
    cueFileTaken: (sheet: string) => `The audio file is already split by ${sheet}`,
    cueTrackPastEnd: (number: number) => `Track ${number} starts after the end of the audio file`,
  },
} as const satisfies Translation<typeof zh>;
