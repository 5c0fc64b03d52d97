import {
  Archive,
  Code,
  Compass,
  FolderOpen,
  House,
  Images,
  Link,
  MessageCircle,
  MessagesSquare,
  Server,
  Tags,
  type LucideIcon,
} from 'lucide-react';
import * as zhCN from '../../i18n/zh-CN';

export interface NavLinkItem {
  path: string;
  label: string;
  Icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  children: NavLinkItem[];
}

export type NavEntry = NavLinkItem | NavGroup;

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

const t = zhCN.nav;

const home: NavLinkItem = { path: '/home', label: t.home, Icon: House };
const archives: NavLinkItem = { path: '/archives', label: t.archives, Icon: Archive };
const more: NavGroup = {
  label: t.more,
  children: [
    { path: '/resources/front', label: t.frontResources, Icon: Code },
    { path: '/resources/back', label: t.backResources, Icon: Server },
    { path: '/siteList', label: t.siteList, Icon: Compass },
  ],
};
const category: NavLinkItem = { path: '/category', label: t.category, Icon: FolderOpen };
const tag: NavLinkItem = { path: '/tag', label: t.tag, Icon: Tags };
const album: NavLinkItem = { path: '/photoAlbum', label: t.album, Icon: Images };
const talk: NavLinkItem = { path: '/talk', label: t.talk, Icon: MessageCircle };
const links: NavLinkItem = { path: '/link/list', label: t.links, Icon: Link };
const messages: NavLinkItem = { path: '/message/list', label: t.messages, Icon: MessagesSquare };

/** Spec section 2: the desktop menu, in order. */
export const DESKTOP_NAV: NavEntry[] = [home, archives, more, category, album, talk, links, messages];

/** The drawer offers the same entries plus tags. */
export const DRAWER_NAV: NavEntry[] = [home, archives, more, category, tag, album, talk, links, messages];
