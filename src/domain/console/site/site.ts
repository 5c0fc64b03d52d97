/** What the blogger sets in 网站设置 (the public configuration less what the site counts and stamps). */
export interface SiteSettings {
  name: string;
  author: string;
  /** /media/… address, '' for none. */
  avatar: string;
  motto: string;
  /** Typed one after another in the home page's banner. */
  typedMottos: string[];
  notice: string;
  /** The footer's copyright line; '' shows「© 年份 网站名称」. */
  copyright: string;
  /** ICP filing number, '' for none. */
  filingNumber: string;
  /** YYYY-MM-DD. */
  since: string;
}

/** A page's banner slot: '' where the page has none. */
export interface PageBanner {
  route: string;
  image: string;
}

export type TaxonomyKind = 'categories' | 'tags';

export interface TaxonomyItem {
  id: number;
  name: string;
  /** Articles of any status. */
  articleCount: number;
}

export type FriendLinkStatus = 'pending' | 'approved' | 'rejected';

export interface FriendLinkEntry {
  id: number;
  name: string;
  description: string;
  url: string;
  avatar: string;
  status: FriendLinkStatus;
  /** The reader who applied; null for the blogger's own links. */
  userId: number | null;
  createdAt: string;
}

export type FriendLinkDraft = Pick<FriendLinkEntry, 'name' | 'description' | 'url' | 'avatar'>;

export type ResourceSide = 'front' | 'back';

export interface ResourceEntry {
  id: number;
  side: ResourceSide;
  /** The group it is listed under. */
  kind: string;
  name: string;
  description: string;
  url: string;
  cover: string;
}

export type ResourceDraft = Omit<ResourceEntry, 'id'>;

export interface SiteListEntry {
  id: number;
  kind: string;
  name: string;
  description: string;
  url: string;
  icon: string;
}

export type SiteListDraft = Omit<SiteListEntry, 'id'>;
