import type {
  Album,
  ArticleDetail,
  ArticleSummary,
  Category,
  FilteredArticlePage,
  FriendLink,
  FriendLinkApplication,
  FriendLinkApplied,
  HotArticle,
  Message,
  MessageDraft,
  MessageLike,
  MessageQuery,
  MessageReply,
  Page,
  PhotoPage,
  Recommendation,
  ResourceGroup,
  ResourceSide,
  SearchHit,
  SiteFacts,
  SiteGroup,
  Tag,
  Talk,
  TimelineYear,
} from '../domain/content/content';

/** The blog's reading pages and message board, as the site API serves them. */
export interface ContentApi {
  /** Pinned first, then newest. */
  homeArticles(page: number, size: number): Promise<Page<ArticleSummary>>;
  /** Newest first, this page's articles grouped by year. */
  timeline(page: number, size: number): Promise<Page<TimelineYear>>;
  // Calls that read one item by id answer null when there is no such item (deleted, or a wrong link).
  articlesByTag(tagId: number, page: number, size: number): Promise<FilteredArticlePage | null>;
  articlesByCategory(categoryId: number, page: number, size: number): Promise<FilteredArticlePage | null>;
  /** Reads an article and counts one view. */
  article(id: number): Promise<ArticleDetail | null>;
  recommendations(id: number): Promise<Recommendation | null>;
  hotArticles(): Promise<HotArticle[]>;
  search(keyword: string): Promise<SearchHit[]>;
  /** Adds reading time; sent so that it survives the page being closed. */
  addReadingDuration(articleId: number, seconds: number): Promise<void>;
  likeArticle(id: number): Promise<number>;

  categories(): Promise<Category[]>;
  tags(): Promise<Tag[]>;
  siteFacts(): Promise<SiteFacts>;

  albums(): Promise<Album[]>;
  photos(albumId: number, page: number, size: number): Promise<PhotoPage | null>;
  talks(page: number, size: number): Promise<Page<Talk>>;
  talk(id: number): Promise<Talk | null>;
  friendLinks(): Promise<FriendLink[]>;
  applyFriendLink(application: FriendLinkApplication): Promise<FriendLinkApplied>;
  /** Applications waiting for review (administrator). */
  pendingFriendLinks(): Promise<FriendLinkApplied[]>;
  reviewFriendLink(id: number, approved: boolean): Promise<FriendLinkApplied>;
  resources(side: ResourceSide): Promise<ResourceGroup[]>;
  sites(): Promise<SiteGroup[]>;

  messages(query: MessageQuery): Promise<Page<Message>>;
  message(id: number): Promise<Message | null>;
  publishMessage(draft: MessageDraft): Promise<Message>;
  editMessage(id: number, draft: MessageDraft): Promise<Message>;
  deleteMessage(id: number): Promise<void>;
  /** Toggles the reader's like. */
  likeMessage(id: number): Promise<MessageLike>;
  /** A post's replies, oldest first. */
  messageReplies(messageId: number): Promise<MessageReply[]>;
  replyToMessage(messageId: number, content: string): Promise<MessageReply>;
  deleteMessageReply(replyId: number): Promise<void>;
}
