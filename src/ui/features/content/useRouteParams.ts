import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The query parameters of `path`, remembered while another route is showing. A page kept alive stays
 * rendered (hidden) under other routes; without this it would see their parameters and reload.
 */
export function useRouteParams(path: string): URLSearchParams {
  const { pathname, search } = useLocation();
  const own = pathname === path ? search : null;
  const [kept, setKept] = useState(own ?? '');
  if (own !== null && own !== kept) setKept(own);
  return new URLSearchParams(own ?? kept);
}
