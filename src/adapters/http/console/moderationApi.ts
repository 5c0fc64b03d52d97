import type {
  ChatBanDto,
  ChatPersonDto,
  ConsoleBoardPageDto,
  ConsoleBoardPostDto,
  ConsoleBoardReplyDto,
  ConsoleChatPageDto,
} from '../../../protocol/console/moderation';
import type { BoardPostItem, BoardReplyItem, ChatBanItem } from '../../../domain/console/moderation/moderation';
import type { ModerationApi } from '../../../ports/console/moderationApi';
import type { HttpClient } from '../httpClient';
import { consoleRequest, queryOf } from './consoleRequest';

const post = (dto: ConsoleBoardPostDto): BoardPostItem => ({
  id: dto.id,
  content: dto.content,
  color: dto.color,
  bgImage: dto.bgImage,
  author: dto.author,
  likes: dto.likes,
  replyCount: dto.replyCount,
  hidden: dto.hidden,
  createdAt: dto.createdAt,
});

const reply = (dto: ConsoleBoardReplyDto): BoardReplyItem => ({ ...dto });
const ban = (dto: ChatBanDto): ChatBanItem => ({ ...dto });

export function createModerationApi(http: HttpClient): ModerationApi {
  const request = consoleRequest(http);
  return {
    async chatHistory(query, current, size) {
      const page = await request<ConsoleChatPageDto>({
        method: 'GET',
        url: `/chat/messages${queryOf({ current, size, user: query.user.trim(), text: query.text.trim(), userId: query.author?.userId })}`,
      });
      return { list: page.list, total: page.total };
    },
    async removeChatMessage(id) {
      await request({ method: 'DELETE', url: `/chat/messages/${id}` });
    },
    chatOnline: () => request<ChatPersonDto[]>({ method: 'GET', url: '/chat/online' }),
    async chatBans() {
      return (await request<ChatBanDto[]>({ method: 'GET', url: '/chat/bans' })).map(ban);
    },
    async mute(userId, length) {
      return ban(await request<ChatBanDto>({ method: 'PUT', url: `/chat/bans/${userId}`, data: length }));
    },
    async unmute(userId) {
      await request({ method: 'DELETE', url: `/chat/bans/${userId}` });
    },
    async kick(userId) {
      await request({ method: 'POST', url: `/chat/kick/${userId}`, data: {} });
    },
    async boardPosts(query, current, size) {
      const status = query.status === 'all' ? '' : query.status;
      const page = await request<ConsoleBoardPageDto>({
        method: 'GET',
        url: `/board/posts${queryOf({ current, size, keyword: query.keyword.trim(), status })}`,
      });
      return { list: page.list.map(post), total: page.total };
    },
    async boardReplies(postId) {
      return (await request<ConsoleBoardReplyDto[]>({ method: 'GET', url: `/board/posts/${postId}/replies` })).map(reply);
    },
    async setPostHidden(id, hidden) {
      return post(await request<ConsoleBoardPostDto>({ method: 'PUT', url: `/board/posts/${id}/hidden`, data: { hidden } }));
    },
    async removePost(id) {
      await request({ method: 'DELETE', url: `/board/posts/${id}` });
    },
    async setReplyHidden(id, hidden) {
      return reply(await request<ConsoleBoardReplyDto>({ method: 'PUT', url: `/board/replies/${id}/hidden`, data: { hidden } }));
    },
    async removeReply(id) {
      await request({ method: 'DELETE', url: `/board/replies/${id}` });
    },
  };
}
