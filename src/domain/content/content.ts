/**
 * What the reading pages show. These mirror the wire DTOs of src/protocol/content.ts field for field
 * (the HTTP adapter checks that at compile time), so views and ports never depend on the wire module.
 */

export interface NamedRef {
  id: number;
  name: string;
}

export interface Page<T> {
  list: T[];
  /** Matching items over all pages. */
  total: number;
  current: number;
  size: number;
}

/** An article as a card in a list. */
export interface ArticleSummary {
  id: number;
  article_title: string;
  summary: string;
  /** Image URL, '' when the article has none. */
  cover: string;
  category: NamedRef | null;
  tags: NamedRef[];
  pinned: boolean;
  views: number;
  likes: number;
  /** Shown comments, replies included. */
  comment_count: number;
  wordCount: number;
  readingMinutes: number;
  createdAt: string;
  updatedAt: string;
}

export interface FilteredArticlePage extends Page<ArticleSummary> {
  /** Name of the tag or category the page is filtered by. */
  name: string;
}

export interface ArticleDetail extends ArticleSummary {
  /** The Markdown body. */
  article_content: string;
  /** Total seconds readers have spent on the article. */
  readingDuration: number;
}

export interface TimelineItem {
  id: number;
  article_title: string;
  cover: string;
  createdAt: string;
}

export interface TimelineYear {
  year: number;
  articles: TimelineItem[];
}

export interface ArticleLink {
  id: number;
  article_title: string;
  cover: string;
  createdAt: string;
}

export interface Recommendation {
  /** The next older article. */
  previous: ArticleLink | null;
  /** The next newer article. */
  next: ArticleLink | null;
  related: ArticleLink[];
}

export interface HotArticle {
  id: number;
  article_title: string;
  views: number;
  comment_count: number;
}

/** One search hit: `before + match + after` is the fragment of the body around the keyword. */
export interface SearchHit {
  id: number;
  article_title: string;
  article_content: string;
  titleMatch: boolean;
  before: string;
  match: string;
  after: string;
  views: number;
}

export interface Category {
  id: number;
  name: string;
  articleCount: number;
}

export type Tag = Category;

export interface SiteFacts {
  articleCount: number;
  categoryCount: number;
  tagCount: number;
  talkCount: number;
  viewCount: number;
  since: string;
  /** Newest update among public articles, '' when there are none. */
  lastUpdate: string;
}

export interface Album {
  id: number;
  name: string;
  description: string;
  cover: string;
  photoCount: number;
  createdAt: string;
}

export interface Photo {
  id: number;
  url: string;
  description: string;
  /** Pixel size when known, 0 otherwise. */
  width: number;
  height: number;
}

export interface PhotoPage extends Page<Photo> {
  album: Album;
}

export interface Talk {
  id: number;
  content: string;
  images: string[];
  pinned: boolean;
  likes: number;
  comment_count: number;
  createdAt: string;
}

export interface FriendLink {
  id: number;
  name: string;
  description: string;
  url: string;
  avatar: string;
}

export interface FriendLinkApplication {
  name: string;
  description: string;
  url: string;
  avatar: string;
}

export type FriendLinkStatus = 'pending' | 'approved' | 'rejected';

export interface FriendLinkApplied extends FriendLink {
  status: FriendLinkStatus;
  userId: number | null;
  createdAt: string;
}

export type ResourceSide = 'front' | 'back';

export interface Resource {
  id: number;
  name: string;
  description: string;
  url: string;
  cover: string;
}

export interface ResourceGroup {
  kind: string;
  list: Resource[];
}

export interface SiteLink {
  id: number;
  name: string;
  description: string;
  url: string;
  icon: string;
}

export interface SiteGroup {
  kind: string;
  list: SiteLink[];
}

export interface MessageAuthor {
  /** The registered author, null for a post signed only with a nickname. */
  userId: number | null;
  nickName: string;
  avatar: string;
}

export interface Message {
  id: number;
  content: string;
  /** Card colour `#rrggbb`, '' for the default or a background image. */
  color: string;
  /** Background image URL, '' for none. */
  bgImage: string;
  author: MessageAuthor;
  likes: number;
  /** Whether the signed-in reader likes it. */
  liked: boolean;
  replyCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A reply under a post. */
export interface MessageReply {
  id: number;
  messageId: number;
  content: string;
  author: MessageAuthor;
  createdAt: string;
}

export interface MessageDraft {
  content: string;
  color: string;
  bgImage: string;
}

export interface MessageQuery {
  current: number;
  size: number;
  /** Only this user's posts. */
  userId?: number;
}

export interface MessageLike {
  likes: number;
  liked: boolean;
}
