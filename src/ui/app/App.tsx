import { createBrowserRouter, Navigate, RouterProvider, useLocation } from 'react-router-dom';
import { Layout } from './Layout';

/** `/` is `/home`, query included: `/?showSpecial` still opens the lyric board. */
function HomeRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/home', search, hash }} replace />;
}

const router = createBrowserRouter([
  { path: '/', element: <HomeRedirect /> },
  // Every other path renders inside the one layout, which picks the page (or the 404 page) itself.
  { path: '*', element: <Layout /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
