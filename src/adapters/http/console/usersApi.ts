import type {
  ConsoleUserDto,
  ConsoleUserPageDto,
  NoticePreviewDto,
  NoticeSentDto,
  PasswordResetDto,
} from '../../../protocol/console/users';
import type { EndedSessionsDto } from '../../../protocol/account';
import type { ConsoleUserItem } from '../../../domain/console/users/users';
import type { UsersApi } from '../../../ports/console/usersApi';
import type { HttpClient } from '../httpClient';
import { consoleRequest, queryOf } from './consoleRequest';

const user = (dto: ConsoleUserDto): ConsoleUserItem => ({ ...dto });

export function createUsersApi(http: HttpClient): UsersApi {
  const request = consoleRequest(http);
  return {
    async users(query, current, size) {
      const page = await request<ConsoleUserPageDto>({
        method: 'GET',
        url: `/users${queryOf({
          current,
          size,
          keyword: query.keyword.trim(),
          role: query.role,
          status: query.status === 'all' ? '' : query.status,
          sort: query.sort === 'created' ? '' : query.sort,
        })}`,
      });
      return { list: page.list.map(user), total: page.total };
    },
    async setRole(id, role) {
      return user(await request<ConsoleUserDto>({ method: 'PUT', url: `/users/${id}/role`, data: { role } }));
    },
    async setDisabled(id, disabled) {
      return user(await request<ConsoleUserDto>({ method: 'PUT', url: `/users/${id}/disabled`, data: { disabled } }));
    },
    async resetPassword(id) {
      const reset = await request<PasswordResetDto>({ method: 'POST', url: `/users/${id}/password`, data: {} });
      return { password: reset.password, user: user(reset.user) };
    },
    async endSessions(id) {
      return (await request<EndedSessionsDto>({ method: 'POST', url: `/users/${id}/sessions/end`, data: {} })).ended;
    },
    async previewNotice(message) {
      return (await request<NoticePreviewDto>({ method: 'POST', url: '/notices/preview', data: { message } })).html;
    },
    async sendNotice(message) {
      return (await request<NoticeSentDto>({ method: 'POST', url: '/notices', data: { message } })).sent;
    },
  };
}
