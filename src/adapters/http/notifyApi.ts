import type { NotifyItemDto, NotifyListDto } from '../../protocol/notify';
import type { NotifyApi } from '../../ports/notifyApi';
import type { NotificationItem } from '../../domain/notifications/notification';
import type { AxiosRequestConfig } from 'axios';
import { unlessReported } from './accountApi';
import type { HttpClient } from './httpClient';

function toItem(dto: NotifyItemDto): NotificationItem {
  return {
    id: dto.id,
    message: dto.message,
    unread: dto.isView === 1,
    type: dto.type,
    toId: dto.to_id,
    commentId: dto.comment_id,
    createdAt: dto.createTime,
  };
}

export function createNotifyApi(http: HttpClient): NotifyApi {
  const request = <T>(config: AxiosRequestConfig) => unlessReported(http.request<T>(config));
  return {
    async page(current, size) {
      // The server ignores userId (it always lists the caller's own); the spec's body carries it anyway.
      const dto = await request<NotifyListDto>({
        method: 'POST',
        url: '/api/notify/getNotifyList',
        data: { current, size },
      });
      return { list: dto.list.map(toItem), total: dto.total, unread: dto.unread, adminUrl: dto.adminUrl };
    },
    async markRead(id) {
      await request({ method: 'PUT', url: `/api/notify/update/${id}`, data: {} });
    },
    async delete(id) {
      await request({ method: 'PUT', url: `/api/notify/delete/${id}`, data: {} });
    },
  };
}
