/** One entry of the message drawer (spec section 3); `unread` is the spec's isView === 1. */
export interface NotificationItem {
  id: number;
  message: string;
  unread: boolean;
  /** 1 article, 2 talk, 3 message board, 4 administrator notice. */
  type: number;
  toId: number | null;
  /** The comment a type-1/2 notice is about: the page scrolls to it and highlights it. */
  commentId?: number | null;
  createdAt: string;
}

export interface NotificationPage {
  list: NotificationItem[];
  total: number;
  /** Unread notices in all pages. */
  unread: number;
  /** Where a type-4 notice leads. */
  adminUrl: string;
}

/** Spec section 9: 10 per page from page 1 (the badge's limit is in badge.ts). */
export const NOTIFICATION_PAGE_SIZE = 10;

export type NotificationTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string } | null;

/** Where a click leads (spec section 4): article, talk, message board, or the administrator's address. */
export function targetFor(item: Pick<NotificationItem, 'type' | 'toId' | 'commentId'>, adminUrl: string): NotificationTarget {
  // A notice about a comment lands on it (issue 22): the page scrolls to `#comment-<id>`.
  const anchor = item.commentId ? `#comment-${item.commentId}` : '';
  switch (item.type) {
    case 1:
      return item.toId === null ? null : { kind: 'route', path: `/article?id=${item.toId}${anchor}` };
    case 2:
      return item.toId === null ? { kind: 'route', path: '/talk' } : { kind: 'route', path: `/talk?id=${item.toId}${anchor}` };
    case 3:
      return { kind: 'route', path: '/message/list' };
    case 4:
      if (adminUrl === '') return null;
      return adminUrl.startsWith('/') && !adminUrl.startsWith('//')
        ? { kind: 'route', path: adminUrl }
        : { kind: 'external', url: adminUrl };
    default:
      return null;
  }
}

/**
 * Where a link inside a notice leads: a page of this site in the app, another web address in a new tab;
 * null for anything else (mail, phone), which the browser handles itself. `origin` is this site's.
 */
export function linkTarget(href: string, origin: string): NotificationTarget {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin) return { kind: 'route', path: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', url: url.href };
}

/**
 * The markup a notice may carry (a link, emphasis), the same for the server, which cleans each notice
 * before sending it, and for the browser's DOMPurify behind it.
 */
export const NOTICE_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'br', 'span', 'code', 'p'] as const;
export const NOTICE_ATTRIBUTES = { a: ['href', 'title'], '*': ['title'] } as const;
/** Link schemes a notice may use; a relative link is a page of this site. */
export const NOTICE_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Appends a page to what is shown, dropping ids already there: a notice that arrived between two page
 * loads shifts the server's offsets, and the same item must not appear twice.
 */
export function mergePage(shown: readonly NotificationItem[], page: readonly NotificationItem[]): NotificationItem[] {
  const seen = new Set(shown.map((item) => item.id));
  const merged = [...shown];
  for (const item of page) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged;
}
