import { Activity, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { NOT_FOUND_PAGE, routeFor, type PageRoute } from './routes';
import { PageErrorBoundary } from './PageErrorBoundary';
import { Loading } from '../components/Loading';

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
 * and get their scroll position back when the reader returns.
 */
export function PageOutlet() {
  const location = useLocation();
  const route = routeFor(location.pathname);
  const [visited, setVisited] = useState<string[]>([]);
  const scrollByPath = useRef(new Map<string, number>());
  const previousPath = useRef<string | null>(null);
  // The scroll position at the moment of leaving is gone by the time the new page lays out, so track it.
  const lastScrollY = useRef(0);

  if (route?.keepAlive && !visited.includes(route.path)) setVisited([...visited, route.path]);

  useLayoutEffect(() => {
    const leaving = previousPath.current;
    if (leaving && routeFor(leaving)?.keepsScroll) scrollByPath.current.set(leaving, lastScrollY.current);
    previousPath.current = location.pathname;
    if (route?.keepsScroll) {
      window.scrollTo(0, scrollByPath.current.get(route.path) ?? 0);
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.pathname, location.search, route]);

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
