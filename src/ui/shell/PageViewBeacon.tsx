import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';

/** Tells the statistics of each in-app navigation; the page the reader landed on was counted by the server. */
export function PageViewBeacon() {
  const views = useService(TOKENS.pageViews);
  const { pathname, search } = useLocation();
  const counted = useRef(pathname + search);

  useEffect(() => {
    const here = pathname + search;
    if (counted.current === here) return;
    counted.current = here;
    views.viewed(here);
  }, [views, pathname, search]);

  return null;
}
