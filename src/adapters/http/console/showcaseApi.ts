import type { AxiosRequestConfig } from 'axios';
import * as zhCN from '../../../i18n/zh-CN';
import type { UploadResult } from '../../../protocol/account';
import type { AlbumDto, PhotoDto } from '../../../protocol/content';
import {
  PHOTO_MAX_BYTES,
  TALK_IMAGE_MAX_BYTES,
  type AlbumPhotosDto,
  type ConsoleTalkDto,
  type ConsoleTalkPageDto,
} from '../../../protocol/console/showcase';
import type { ShowcaseConsoleApi } from '../../../ports/console/showcaseApi';
import type { UploadProgress } from '../../../domain/console/showcase/showcase';
import { unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

const BASE = '/api/admin';

const toAlbumPhotos = ({ album, list }: AlbumPhotosDto) => ({ album, photos: list });

export function createShowcaseConsoleApi(http: HttpClient): ShowcaseConsoleApi {
  // A 404 names what is gone (说说不存在…): the server's message is shown, not「接口不存在」.
  const request = <T>(config: AxiosRequestConfig) =>
    unlessReported(http.request<T>({ ...config, url: `${BASE}${config.url ?? ''}`, notFoundIsAnswer: true }));
  const get = <T>(url: string) => request<T>({ method: 'GET', url });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    request<T>({ method, url, ...(data === undefined ? {} : { data }) });

  /** One file as multipart, its progress reported; a file the server would refuse for its size is never sent. */
  const upload = <T>(
    url: string,
    file: Blob,
    fileName: string,
    maxBytes: number,
    tooLarge: string,
    onProgress: UploadProgress,
    signal: AbortSignal,
  ) => {
    if (file.size > maxBytes) return Promise.reject(new Error(tooLarge));
    const form = new FormData();
    form.append('file', file, fileName);
    return request<T>({
      method: 'POST',
      url,
      data: form,
      // The browser sets the multipart boundary itself, so the JSON default must go.
      headers: { 'Content-Type': undefined },
      // A camera's photo over a slow line takes what it takes; the blogger can remove it to stop it.
      timeout: 0,
      signal,
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : (event.progress ?? 0)),
    });
  };

  return {
    async talks(page, size) {
      const { list, total } = await get<ConsoleTalkPageDto>(`/talks/${page}/${size}`);
      return { list, total };
    },
    publishTalk: (talk) => send<ConsoleTalkDto>('POST', '/talks', talk),
    editTalk: (id, talk) => send<ConsoleTalkDto>('PUT', `/talks/${id}`, talk),
    pinTalk: (id, pinned) => send<ConsoleTalkDto>('PUT', `/talks/${id}/pinned`, { pinned }),
    hideTalk: (id, hidden) => send<ConsoleTalkDto>('PUT', `/talks/${id}/hidden`, { hidden }),
    async deleteTalk(id) {
      await send('DELETE', `/talks/${id}`);
    },
    async uploadTalkImage(file, fileName, onProgress, signal) {
      const tooLarge = zhCN.account.server.uploadTooLarge;
      return (
        await upload<UploadResult>('/talks/images', file, fileName, TALK_IMAGE_MAX_BYTES, tooLarge, onProgress, signal)
      ).url;
    },

    albums: () => get<AlbumDto[]>('/albums'),
    createAlbum: (fields) => send<AlbumDto>('POST', '/albums', fields),
    editAlbum: (id, fields) => send<AlbumDto>('PUT', `/albums/${id}`, fields),
    async deleteAlbum(id) {
      await send('DELETE', `/albums/${id}`);
    },
    arrangeAlbums: (ids) => send<AlbumDto[]>('PUT', '/albums/order', { ids }),
    setCover: (albumId, photoId) => send<AlbumDto>('PUT', `/albums/${albumId}/cover`, { photoId }),

    albumPhotos: async (albumId) => toAlbumPhotos(await get<AlbumPhotosDto>(`/albums/${albumId}/photos`)),
    uploadPhoto(albumId, file, fileName, onProgress, signal) {
      const tooLarge = zhCN.consoleShowcase.server.photoTooLarge(PHOTO_MAX_BYTES / 1024 / 1024);
      return upload<PhotoDto>(
        `/albums/${albumId}/photos`,
        file,
        fileName,
        PHOTO_MAX_BYTES,
        tooLarge,
        onProgress,
        signal,
      );
    },
    arrangePhotos: async (albumId, ids) =>
      toAlbumPhotos(await send<AlbumPhotosDto>('PUT', `/albums/${albumId}/photos/order`, { ids })),
    describePhoto: (id, description) => send<PhotoDto>('PUT', `/photos/${id}`, { description }),
    deletePhoto: (id) => send<AlbumDto>('DELETE', `/photos/${id}`),
  };
}
