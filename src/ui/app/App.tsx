import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { Layout } from './Layout';

const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/home" replace /> },
  // Every other path renders inside the one layout, which picks the page (or the 404 page) itself.
  { path: '*', element: <Layout /> },
]);

export function App() {
  return <RouterProvider router={router} />;
}
