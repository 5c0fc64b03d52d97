import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { loadConsoleCatalogue } from '../../i18n/englishChunks';
import { Layout } from './Layout';
import { ReauthHost } from '../features/account/ReauthHost';
import { layOutInSteps } from './layOutInSteps';

/** `/admin`: a chunk of its own, so a reader's first load carries nothing of the console (nor its English). */
const ConsoleGate = lazy(() => loadConsoleCatalogue().then(() => import('../console/ConsoleGate')));

/** `/` is `/home`, query included: `/?showSpecial` still opens the lyric board. */
function HomeRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/home', search, hash }} replace />;
}

/**
 * The routes, inside whichever router the environment gives: the browser's history, or on the server a
 * static location. Declarative mode: the pages' actors load their own data, so no data router is needed.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={null}>
            <ConsoleGate />
          </Suspense>
        }
      />
      {/* Every other path renders inside the one layout, which picks the page (or the 404 page) itself. */}
      <Route path="*" element={<Layout />} />
    </Routes>
  );
}

export function App() {
  // Marks the page as live: the server's markup is hydrated (or the page rendered) and answers the reader.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    layOutInSteps();
  }, []);
  return (
    <BrowserRouter>
      <AppRoutes />
      <ReauthHost />
    </BrowserRouter>
  );
}
