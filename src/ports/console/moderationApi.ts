import type {
  BoardPostItem,
  BoardQuery,
  BoardReplyItem,
  ChatBanItem,
  ChatHistoryItem,
  ChatHistoryQuery,
  ChatPerson,
  ListPage,
  MuteLength,
} from '../../domain/console/moderation/moderation';

/** The console's moderation calls: the chat room and the message board (administrators only). */
export interface ModerationApi {
  /** Live messages matching the search, newest first. */
  chatHistory(query: ChatHistoryQuery, current: number, size: number): Promise<ListPage<ChatHistoryItem>>;
  /** Gone from every reader's room at once. */
  removeChatMessage(id: number): Promise<void>;
  chatOnline(): Promise<ChatPerson[]>;
  /** Mutes and kicks in force, the soonest to end first. */
  chatBans(): Promise<ChatBanItem[]>;
  mute(userId: number, length: MuteLength): Promise<ChatBanItem>;
  /** Lifts a mute or a kick's ban. */
  unmute(userId: number): Promise<void>;
  kick(userId: number): Promise<void>;
  boardPosts(query: BoardQuery, current: number, size: number): Promise<ListPage<BoardPostItem>>;
  /** Every reply of a post, hidden ones too, oldest first. */
  boardReplies(postId: number): Promise<BoardReplyItem[]>;
  setPostHidden(id: number, hidden: boolean): Promise<BoardPostItem>;
  removePost(id: number): Promise<void>;
  setReplyHidden(id: number, hidden: boolean): Promise<BoardReplyItem>;
  removeReply(id: number): Promise<void>;
}
