import type { AxiosRequestConfig } from 'axios';
import { needsCompression, type PickedImage } from '../../domain/chat/chat';
import type { ChatApi } from '../../ports/chatApi';
import type { ChatListDto } from '../../protocol/chat';
import type { UploadResult } from '../../protocol/account';
import { toMessage } from '../websocket/chatWire';
import { unlessReported } from './accountApi';
import type { HttpClient } from './httpClient';

/** Spec 5: above 800 KB the picture is compressed in the browser first (the library loads only then). */
async function compressed(file: Blob & PickedImage): Promise<Blob> {
  if (!needsCompression(file)) return file;
  const { default: compress } = await import('browser-image-compression');
  return compress(file as File, { maxSizeMB: 0.75, maxWidthOrHeight: 2560, useWebWorker: true });
}

export function createChatApi(http: HttpClient): ChatApi {
  const request = <T>(config: AxiosRequestConfig) => unlessReported(http.request<T>(config));
  return {
    async history(size, lastId) {
      const dto = await request<ChatListDto>({
        method: 'POST',
        url: '/api/chat/getChatList',
        data: lastId === null ? { size } : { size, last_id: lastId },
      });
      return dto.list.map(toMessage).reverse();
    },
    async revert(id) {
      await request({ method: 'DELETE', url: `/api/chat/deleteOne/${id}` });
    },
    async clear() {
      await request({ method: 'POST', url: '/api/chat/delete', data: {} });
    },
    async uploadImage(image) {
      if (!(image instanceof Blob)) throw new Error('not a file');
      const file = await compressed(image as Blob & PickedImage);
      const form = new FormData();
      form.append('file', file, image.name || 'image');
      // The browser sets the multipart boundary itself, so the JSON default must go.
      const { url } = await request<UploadResult>({
        method: 'POST',
        url: '/api/upload/img',
        data: form,
        headers: { 'Content-Type': undefined },
      });
      return url;
    },
  };
}
