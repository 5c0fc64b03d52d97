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

type NavLabel = keyof typeof zhCN.nav;

// Each label is read when it is shown, never when this module loads: the server renders each page in the
// language of its own request (server/adapters/ssr/language.ts).
const link = (path: string, label: NavLabel, Icon: LucideIcon): NavLinkItem => ({
  path,
  Icon,
  get label() {
    return zhCN.nav[label];
  },
});

const home = link('/home', 'home', House);
const archives = link('/archives', 'archives', Archive);
const more: NavGroup = {
  get label() {
    return zhCN.nav.more;
  },
  children: [
    link('/resources/front', 'frontResources', Code),
    link('/resources/back', 'backResources', Server),
    link('/siteList', 'siteList', Compass),
  ],
};
const category = link('/category', 'category', FolderOpen);
const tag = link('/tag', 'tag', Tags);
const album = link('/photoAlbum', 'album', Images);
const talk = link('/talk', 'talk', MessageCircle);
const links = link('/link/list', 'links', Link);
const messages = link('/message/list', 'messages', MessagesSquare);

/** Spec section 2: the desktop menu, in order. */
export const DESKTOP_NAV: NavEntry[] = [home, archives, more, category, album, talk, links, messages];

/** The drawer offers the same entries plus tags. */
export const DRAWER_NAV: NavEntry[] = [home, archives, more, category, tag, album, talk, links, messages];
