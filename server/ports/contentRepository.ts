import type { ResourceSide } from '../../src/protocol/content';
import type { Album, FriendLink, Photo, Resource, SiteEntry, Talk } from '../domain/content/showcase';

export type NewAlbum = Omit<Album, 'id' | 'photoCount'>;
export type NewPhoto = Omit<Photo, 'id'>;
export type NewTalk = Omit<Talk, 'id' | 'comment_count'>;
export type NewFriendLink = Omit<FriendLink, 'id'>;
export type NewResource = Omit<Resource, 'id'>;
export type NewSiteEntry = Omit<SiteEntry, 'id'>;

/** Albums, photos, talks, friend links, resources and the site list: everything a page shows besides articles. */
export interface ContentRepository {
  albums(): Promise<Album[]>;
  findAlbum(id: number): Promise<Album | undefined>;
  photos(albumId: number, offset: number, limit: number): Promise<{ items: Photo[]; total: number }>;
  addAlbum(album: NewAlbum): Promise<number>;
  addPhoto(albumId: number, photo: NewPhoto): Promise<number>;

  /** Pinned first, then newest. */
  talks(offset: number, limit: number): Promise<{ items: Talk[]; total: number }>;
  findTalk(id: number): Promise<Talk | undefined>;
  talkCount(): Promise<number>;
  addTalk(talk: NewTalk): Promise<number>;

  /** Approved links, oldest first. */
  approvedLinks(): Promise<FriendLink[]>;
  pendingLinks(): Promise<FriendLink[]>;
  findLink(id: number): Promise<FriendLink | undefined>;
  findLinkByUrl(url: string): Promise<FriendLink | undefined>;
  addLink(link: NewFriendLink): Promise<number>;
  setLinkStatus(id: number, status: FriendLink['status']): Promise<void>;

  resources(side: ResourceSide): Promise<Resource[]>;
  addResource(resource: NewResource): Promise<number>;

  sites(): Promise<SiteEntry[]>;
  addSite(site: NewSiteEntry): Promise<number>;
}
