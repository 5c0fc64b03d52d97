import type { FriendLinkStatus, ResourceSide } from '../../../src/protocol/content';

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
  width: number;
  height: number;
}

export interface Talk {
  id: number;
  content: string;
  images: string[];
  pinned: boolean;
  likes: number;
  /** Approved, not deleted comments (named as the wire names it: talks travel as they are). */
  comment_count: number;
  createdAt: string;
}

export interface FriendLink {
  id: number;
  name: string;
  description: string;
  url: string;
  avatar: string;
  status: FriendLinkStatus;
  userId: number | null;
  createdAt: string;
}

export interface Resource {
  id: number;
  side: ResourceSide;
  kind: string;
  name: string;
  description: string;
  url: string;
  cover: string;
}

export interface SiteEntry {
  id: number;
  kind: string;
  name: string;
  description: string;
  url: string;
  icon: string;
}

/** Groups items by `kind`, kinds in order of first appearance, items in their given order. */
export function groupByKind<T extends { kind: string }>(items: readonly T[]): { kind: string; list: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.kind);
    if (group) group.push(item);
    else groups.set(item.kind, [item]);
  }
  return [...groups].map(([kind, list]) => ({ kind, list }));
}

/** True for an absolute http(s) address. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An image a page may show: a file of this site's media folder (an upload, re-encoded). The pages' CSP
 * allows images from this site only (`img-src 'self'`), so an outside address would never be shown.
 */
export function isImageAddress(text: string): boolean {
  return /^\/media\/[A-Za-z0-9._-]{1,100}$/.test(text);
}
