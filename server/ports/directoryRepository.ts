import type { ResourceSide } from '../../src/protocol/content';
import type { FriendLink, Resource, SiteEntry } from '../domain/content/showcase';
import type { NewFriendLink, NewResource, NewSiteEntry } from './contentRepository';

export type LinkFields = Pick<FriendLink, 'name' | 'description' | 'url' | 'avatar'>;

/**
 * The site's lists of other places as the console keeps them: friend links of every status, the resources
 * of each side and the site list, in the order the blogger set (position, then id).
 */
export interface DirectoryRepository {
  /** Every link, whatever its status, newest first. */
  links(): Promise<FriendLink[]>;
  findLink(id: number): Promise<FriendLink | undefined>;
  /** Ids of the links to this address that are not rejected. */
  linksTo(url: string): Promise<number[]>;
  addLink(link: NewFriendLink): Promise<number>;
  updateLink(id: number, fields: LinkFields): Promise<void>;
  setLinkStatus(id: number, status: FriendLink['status']): Promise<void>;
  removeLink(id: number): Promise<void>;

  resources(side: ResourceSide): Promise<Resource[]>;
  findResource(id: number): Promise<Resource | undefined>;
  /** Added last of its side. */
  addResource(resource: NewResource): Promise<number>;
  /** Moved to another side, it goes last there. */
  updateResource(id: number, resource: NewResource): Promise<void>;
  removeResource(id: number): Promise<void>;
  /** Puts a side in this order; false (and nothing changed) unless `ids` are exactly that side's resources. */
  orderResources(side: ResourceSide, ids: readonly number[]): Promise<boolean>;

  sites(): Promise<SiteEntry[]>;
  findSite(id: number): Promise<SiteEntry | undefined>;
  /** Added last. */
  addSite(site: NewSiteEntry): Promise<number>;
  updateSite(id: number, site: NewSiteEntry): Promise<void>;
  removeSite(id: number): Promise<void>;
  /** Puts the list in this order; false (and nothing changed) unless `ids` are exactly its entries. */
  orderSites(ids: readonly number[]): Promise<boolean>;
}
