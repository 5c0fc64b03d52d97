import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Loads a page chunk; a failed load tells listeners (spec: a preload error event) and rethrows to the boundary. */
function page(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    load().catch((error: unknown) => {
      window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
      throw error;
    }),
  );
}

export interface PageRoute {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Kept mounted (state and scroll) when the reader leaves and comes back. */
  keepAlive?: boolean;
  /** The page keeps its own scroll position instead of jumping to the top after navigation. */
  keepsScroll?: boolean;
  hideFooter?: boolean;
}

const Resources = page(() => import('../pages/ResourcesPage'));

/** The routes table of spec section 2; `/` redirects and unknown paths fall to the 404 page. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/home', Page: page(() => import('../pages/HomePage')), keepAlive: true, keepsScroll: true },
  { path: '/archives', Page: page(() => import('../pages/ArchivesPage')) },
  { path: '/category', Page: page(() => import('../pages/CategoryPage')) },
  { path: '/tag', Page: page(() => import('../pages/TagPage')) },
  { path: '/article', Page: page(() => import('../pages/ArticlePage')) },
  { path: '/articleList', Page: page(() => import('../pages/ArticleListPage')) },
  { path: '/photoAlbum', Page: page(() => import('../pages/PhotoAlbumPage')) },
  { path: '/photos', Page: page(() => import('../pages/PhotosPage')) },
  { path: '/talk', Page: page(() => import('../pages/TalkPage')) },
  { path: '/link/list', Page: page(() => import('../pages/LinkListPage')) },
  { path: '/resources/front', Page: Resources },
  { path: '/resources/back', Page: Resources },
  { path: '/siteList', Page: page(() => import('../pages/SiteListPage')) },
  { path: '/userCenter', Page: page(() => import('../pages/UserCenterPage')) },
  { path: '/message/list', Page: page(() => import('../pages/MessageListPage')), keepAlive: true, keepsScroll: true },
  { path: '/message/publish', Page: page(() => import('../pages/MessagePublishPage')) },
  { path: '/message/detail', Page: page(() => import('../pages/MessageDetailPage')) },
  { path: '/message/chat', Page: page(() => import('../pages/ChatPage')), hideFooter: true },
];

export const NotFoundPage = page(() => import('../pages/NotFoundPage'));

export function routeFor(pathname: string): PageRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_ROUTES.find((route) => route.path === normalised);
}
