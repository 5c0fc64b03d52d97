import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

/** Every page is its own chunk, loaded on first visit. */
const PAGE_MODULES = import.meta.glob<PageModule>('../pages/*Page.tsx');

interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  /** The page's component once its chunk is loaded: rendered directly, it hydrates with the first render. */
  loaded: () => ComponentType | undefined;
  /** The page's module, as the build manifest names it (the server links its chunk and styles). */
  source: string;
  /** Starts loading the page's chunk (once; a failed load can be tried again). */
  load: () => Promise<PageModule>;
}

/** A page chunk by name; a failed load tells listeners (spec: a preload error event) and rethrows to the boundary. */
function page(name: string): LazyPage {
  const importPage = PAGE_MODULES[`../pages/${name}.tsx`];
  if (!importPage) throw new Error(`no page module ${name}`);
  let module: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const load = () =>
    (loading ??= importPage().then(
      (loadedModule) => (module = loadedModule),
      (error: unknown) => {
        loading = undefined;
        if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
        throw error;
      },
    ));
  return { Page: lazy(load), loaded: () => module?.default, source: `src/ui/pages/${name}.tsx`, load };
}

export interface PageRoute extends LazyPage {
  path: string;
  /** Kept mounted (state and scroll) when the reader leaves and comes back. */
  keepAlive?: boolean;
  /** The page keeps its own scroll position instead of jumping to the top after navigation. */
  keepsScroll?: boolean;
  hideFooter?: boolean;
}

const Resources = page('ResourcesPage');

/** The routes table of spec section 2; `/` redirects and unknown paths fall to the 404 page. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: '/home', ...page('HomePage'), keepAlive: true, keepsScroll: true },
  { path: '/archives', ...page('ArchivesPage') },
  { path: '/category', ...page('CategoryPage') },
  { path: '/tag', ...page('TagPage') },
  { path: '/article', ...page('ArticlePage') },
  { path: '/articleList', ...page('ArticleListPage') },
  { path: '/photoAlbum', ...page('PhotoAlbumPage') },
  { path: '/photos', ...page('PhotosPage') },
  { path: '/talk', ...page('TalkPage') },
  { path: '/link/list', ...page('LinkListPage') },
  { path: '/resources/front', ...Resources },
  { path: '/resources/back', ...Resources },
  { path: '/siteList', ...page('SiteListPage') },
  { path: '/userCenter', ...page('UserCenterPage') },
  { path: '/message/list', ...page('MessageListPage'), keepAlive: true, keepsScroll: true },
  { path: '/message/publish', ...page('MessagePublishPage') },
  { path: '/message/detail', ...page('MessageDetailPage') },
  { path: '/message/chat', ...page('ChatPage'), hideFooter: true },
];

export const NOT_FOUND_PAGE = page('NotFoundPage');

export function routeFor(pathname: string): PageRoute | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_ROUTES.find((route) => route.path === normalised);
}

/** The page a path shows: its route's page, or the 404 page. */
export function pageFor(pathname: string): LazyPage {
  return routeFor(pathname) ?? NOT_FOUND_PAGE;
}
