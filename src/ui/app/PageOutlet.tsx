import { Activity, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { NOT_FOUND_PAGE, routeFor, type PageRoute } from './routes';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ScrollMemory } from './scrollMemory';
import { Loading } from '../components/Loading';
import { leaveServerPage } from './pageData';

function render(route: PageRoute | undefined, key: string): ReactNode {
  const page = route ?? NOT_FOUND_PAGE;
  const Page = page.loaded() ?? page.Page;
  return (
    <PageErrorBoundary key={key}>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Renders the current page. Keep-alive pages stay mounted but hidden (React's Activity) once visited,
 * and get their scroll position back when the reader returns to them as they were left (see ScrollMemory).
 */
export function PageOutlet() {
  const location = useLocation();
  const navigation = useNavigationType();
  const route = routeFor(location.pathname);
  // The first address has the key 'default'; any other is the app's own navigation, which renders here before
  // the page it leads to mounts: from now on views load their data instead of taking the server's.
  if (location.key !== 'default') leaveServerPage();
  const [visited, setVisited] = useState<string[]>([]);
  const memory = useRef(new ScrollMemory());
  const previous = useRef<{ address: string; pathname: string } | null>(null);
  // The scroll position at the moment of leaving is gone by the time the new page lays out, so track it.
  const lastScrollY = useRef(0);

  if (route?.keepAlive && !visited.includes(route.path)) setVisited([...visited, route.path]);

  useLayoutEffect(() => {
    const address = location.pathname + location.search;
    const leaving = previous.current;
    if (leaving) memory.current.leave(leaving.address, routeFor(leaving.pathname)?.keepsScroll ?? false, lastScrollY.current);
    previous.current = { address, pathname: location.pathname };
    const y = memory.current.arrive({
      address,
      page: route?.path ?? location.pathname,
      keepsScroll: route?.keepsScroll ?? false,
      previousPath: leaving?.pathname ?? null,
      navigation,
    });
    // The first page is the server's, on screen before the app started (seconds later on a phone, src/boot.ts):
    // the window is where the reader scrolled it, or where the browser put it back on a reload or a Back.
    if (leaving) window.scrollTo(0, y);
    lastScrollY.current = window.scrollY;
  }, [location.pathname, location.search, route, navigation]);

  useLayoutEffect(() => {
    const onScroll = () => {
      lastScrollY.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <>
      {visited.map((path) => (
        <Activity key={path} mode={route?.path === path ? 'visible' : 'hidden'}>
          {render(routeFor(path), path)}
        </Activity>
      ))}
      {!route?.keepAlive && render(route, location.pathname + location.search)}
    </>
  );
}
