import { ArrowLeftRight, ChartLine, ScrollText, Compass, FileText, Images, LayoutDashboard, Library, Link2, Megaphone, MessageCircle, MessageCircleMore, MessagesSquare, Music, Settings, StickyNote, Tags, Users } from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import * as zhCN from '../../i18n/zh-CN';

/** One page of the console, at `/admin/<path>` (the empty path is `/admin` itself). */
export interface ConsoleSection {
  /** Relative to `/admin`, in react-router's pattern syntax (`articles/:id`). */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Shown in the side navigation when given (a nested page such as the editor has none). */
  nav?: { label: string; icon: ReactNode };
}

/**
 * The console's pages, in the order of its navigation. Each area adds its own entries; every page is its
 * own chunk, fetched when the administrator first opens it.
 */
export const CONSOLE_SECTIONS: ConsoleSection[] = [
  { path: '', Page: lazy(() => import('./overview/OverviewPage')), nav: { label: zhCN.console.nav.overview, icon: <LayoutDashboard /> } },
  { path: 'articles', Page: lazy(() => import('./articles/ArticlesPage')), nav: { label: zhCN.console.nav.articles, icon: <FileText /> } },
  // /admin/articles/new too: one route, so the address can follow a new article to its id without a remount.
  { path: 'articles/:id', Page: lazy(() => import('./articles/ArticleEditorPage')) },
  { path: 'talks', Page: lazy(() => import('./showcase/TalksPage')), nav: { label: zhCN.console.nav.talks, icon: <MessageCircle /> } },
  { path: 'albums', Page: lazy(() => import('./showcase/AlbumsPage')), nav: { label: zhCN.console.nav.albums, icon: <Images /> } },
  { path: 'albums/:id', Page: lazy(() => import('./showcase/AlbumPage')) },
  { path: 'music', Page: lazy(() => import('./music/MusicPage')), nav: { label: zhCN.consoleMusic.title, icon: <Music /> } },
  { path: 'comments', Page: lazy(() => import('./comments/CommentsPage')), nav: { label: zhCN.console.nav.comments, icon: <MessagesSquare /> } },
  { path: 'chat', Page: lazy(() => import('./moderation/ChatModerationPage')), nav: { label: zhCN.console.nav.chat, icon: <MessageCircleMore /> } },
  { path: 'board', Page: lazy(() => import('./moderation/BoardModerationPage')), nav: { label: zhCN.console.nav.board, icon: <StickyNote /> } },
  { path: 'users', Page: lazy(() => import('./users/UsersPage')), nav: { label: zhCN.console.nav.users, icon: <Users /> } },
  { path: 'notices', Page: lazy(() => import('./users/NoticesPage')), nav: { label: zhCN.console.nav.notices, icon: <Megaphone /> } },
  { path: 'taxonomy', Page: lazy(() => import('./site/TaxonomyPage')), nav: { label: zhCN.console.nav.taxonomy, icon: <Tags /> } },
  { path: 'site', Page: lazy(() => import('./site/SiteSettingsPage')), nav: { label: zhCN.console.nav.site, icon: <Settings /> } },
  { path: 'links', Page: lazy(() => import('./site/LinksPage')), nav: { label: zhCN.console.nav.links, icon: <Link2 /> } },
  { path: 'resources', Page: lazy(() => import('./site/ResourcesPage')), nav: { label: zhCN.console.nav.resources, icon: <Library /> } },
  { path: 'siteList', Page: lazy(() => import('./site/SiteListPage')), nav: { label: zhCN.console.nav.siteList, icon: <Compass /> } },
  { path: 'transfer', Page: lazy(() => import('./transfer/TransferPage')), nav: { label: zhCN.console.nav.transfer, icon: <ArrowLeftRight /> } },
  { path: 'stats', Page: lazy(() => import('./stats/StatsPage')), nav: { label: zhCN.consoleStats.title, icon: <ChartLine /> } },
  { path: 'audit', Page: lazy(() => import('./audit/AuditPage')), nav: { label: zhCN.consoleAudit.title, icon: <ScrollText /> } },
];
