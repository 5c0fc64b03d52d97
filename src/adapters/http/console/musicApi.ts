import type { AxiosRequestConfig } from 'axios';
import * as zhCN from '../../../i18n/zh-CN';
import type { ConsolePlaylistDto, ConsoleSongDto, MusicLibraryDto, SongLyricsDto } from '../../../protocol/console/music';
import type { MusicConsoleApi } from '../../../ports/console/musicApi';
import type { HttpClient } from '../httpClient';
import { consoleRequest } from './consoleRequest';

export function createMusicConsoleApi(http: HttpClient): MusicConsoleApi {
  const request = consoleRequest(http);
  const get = <T>(url: string) => request<T>({ method: 'GET', url: `/music${url}` });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    request<T>({ method, url: `/music${url}`, ...(data === undefined ? {} : { data }) });
  /** One file as multipart; the browser sets the boundary, and a long upload has no timeout (removing it stops it). */
  const upload = <T>(url: string, file: Blob, fileName: string, extra: AxiosRequestConfig = {}) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return request<T>({ method: 'POST', url: `/music${url}`, data: form, headers: { 'Content-Type': undefined }, timeout: 0, ...extra });
  };

  return {
    library: () => get<MusicLibraryDto>('/playlists'),
    createPlaylist: (name, description) => send<ConsolePlaylistDto>('POST', '/playlists', { name, description }),
    editPlaylist: (id, name, description) => send<ConsolePlaylistDto>('PUT', `/playlists/${id}`, { name, description }),
    arrangePlaylists: (ids) => send<ConsolePlaylistDto[]>('PUT', '/playlists/order', { ids }),
    async deletePlaylist(id) {
      await send('DELETE', `/playlists/${id}`);
    },
    setPlaylistCover: (id, file, fileName) => upload<ConsolePlaylistDto>(`/playlists/${id}/cover`, file, fileName),
    songs: (playlistId) => get<ConsoleSongDto[]>(`/playlists/${playlistId}/songs`),
    arrangeSongs: (playlistId, ids) => send<ConsoleSongDto[]>('PUT', `/playlists/${playlistId}/songs/order`, { ids }),
    uploadSong(playlistId, file, fileName, maxBytes, onProgress, signal) {
      if (file.size > maxBytes) return Promise.reject(new Error(zhCN.consoleMusic.server.uploadTooLarge(maxBytes / 1024 / 1024)));
      return upload<ConsoleSongDto>(`/playlists/${playlistId}/songs`, file, fileName, {
        signal,
        onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : (event.progress ?? 0)),
      });
    },
    editSong: (id, fields) => send<ConsoleSongDto>('PUT', `/songs/${id}`, fields),
    moveSong: (id, playlistId) => send<ConsoleSongDto>('PUT', `/songs/${id}/playlist`, { playlistId }),
    async deleteSong(id) {
      await send('DELETE', `/songs/${id}`);
    },
    setSongCover: (id, file, fileName) => upload<ConsoleSongDto>(`/songs/${id}/cover`, file, fileName),
    lyrics: (id) => get<SongLyricsDto>(`/songs/${id}/lyrics`),
    saveLyrics: (id, lyrics) => send<ConsoleSongDto>('PUT', `/songs/${id}/lyrics`, lyrics),
  };
}
