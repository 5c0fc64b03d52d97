import type {
  BoardSearchQuery,
  ConsoleBoardPageDto,
  ConsoleBoardPostDto,
  ConsoleBoardReplyDto,
} from '../../../src/protocol/console/moderation';
import type { BoardModerationRepository } from '../../ports/boardModerationRepository';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import { contentMessages } from '../content/messages';
import { AppError } from '../errors';
import type { ModeratedPost, ModeratedReply } from './board';

const postDto = (post: ModeratedPost): ConsoleBoardPostDto => ({
  id: post.id,
  content: post.content,
  color: post.color,
  bgImage: post.bgImage,
  author: { userId: post.userId, nickName: post.nickName, avatar: post.avatar },
  likes: post.likes,
  replyCount: post.replyCount,
  hidden: post.hidden,
  createdAt: post.createdAt,
  updatedAt: post.updatedAt,
});

const replyDto = (reply: ModeratedReply): ConsoleBoardReplyDto => ({
  id: reply.id,
  messageId: reply.messageId,
  content: reply.content,
  author: { userId: reply.userId, nickName: reply.nickName, avatar: reply.avatar },
  hidden: reply.hidden,
  createdAt: reply.createdAt,
});

/**
 * The message board from the console: every post and reply searched, hidden or shown again, deleted. A
 * hidden post is out of the board's lists and its address answers not found; a hidden reply is out of its
 * thread and its post's count. No hot read shows the board; each change drops the kept pages.
 */
export class BoardModerationService {
  constructor(
    private readonly board: BoardModerationRepository,
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async search(query: BoardSearchQuery): Promise<ConsoleBoardPageDto> {
    const keyword = query.keyword?.trim();
    const { items, total } = await this.board.search({
      ...(keyword ? { keyword } : {}),
      ...(query.status ? { hidden: query.status === 'hidden' } : {}),
      offset: (query.current - 1) * query.size,
      limit: query.size,
    });
    return { list: items.map(postDto), total, current: query.current, size: query.size };
  }

  async replies(postId: number): Promise<ConsoleBoardReplyDto[]> {
    await this.post(postId);
    return (await this.board.replies(postId)).map(replyDto);
  }

  async setHidden(postId: number, hidden: boolean): Promise<ConsoleBoardPostDto> {
    if (!(await this.board.setHidden(postId, hidden))) throw new AppError('notFound', contentMessages.messageNotFound);
    this.changes.changed(['board']);
    return postDto(await this.post(postId));
  }

  async setReplyHidden(replyId: number, hidden: boolean): Promise<ConsoleBoardReplyDto> {
    if (!(await this.board.setReplyHidden(replyId, hidden))) throw new AppError('notFound', contentMessages.replyNotFound);
    this.changes.changed(['board']);
    const reply = await this.board.findReply(replyId);
    if (!reply) throw new AppError('notFound', contentMessages.replyNotFound);
    return replyDto(reply);
  }

  async remove(postId: number): Promise<void> {
    if (!(await this.board.remove(postId))) throw new AppError('notFound', contentMessages.messageNotFound);
    this.changes.changed(['board']);
  }

  async removeReply(replyId: number): Promise<void> {
    if (!(await this.board.removeReply(replyId))) throw new AppError('notFound', contentMessages.replyNotFound);
    this.changes.changed(['board']);
  }

  private async post(id: number): Promise<ModeratedPost> {
    const post = await this.board.find(id);
    if (!post) throw new AppError('notFound', contentMessages.messageNotFound);
    return post;
  }
}
