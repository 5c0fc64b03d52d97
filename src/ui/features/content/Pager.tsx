import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { pageCount, pageItems } from '../../../domain/content/paging';
import * as zhCN from '../../../i18n/zh-CN';
import './content.css';

/** Marks a navigation made with the pager (router state), so a page can keep the reader at its list. */
const PAGER_STATE = { pager: true } as const;

export function isPagerNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { pager?: unknown }).pager === true;
}

/** Page links that keep the page number in the address (`?page=`), so Back returns to the same page. */
export function Pager({ current, total, size }: { current: number; total: number; size: number }) {
  const { pathname, search } = useLocation();
  const count = pageCount(total, size);
  if (count <= 1) return null;
  const text = zhCN.content;
  const to = (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className="pager" aria-label={text.pager}>
      {current > 1 ? (
        <Link className="pager__item" to={to(current - 1)} state={PAGER_STATE} aria-label={text.previousPage}>
          <ChevronLeft aria-hidden="true" />
        </Link>
      ) : (
        <span className="pager__item" aria-hidden="true" data-disabled="true">
          <ChevronLeft />
        </span>
      )}
      {pageItems(current, count).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            className="pager__item"
            to={to(item)}
            state={PAGER_STATE}
            aria-label={text.pageNumber(item)}
            aria-current={item === current ? 'page' : undefined}
          >
            {item}
          </Link>
        ),
      )}
      {current < count ? (
        <Link className="pager__item" to={to(current + 1)} state={PAGER_STATE} aria-label={text.nextPage}>
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : (
        <span className="pager__item" aria-hidden="true" data-disabled="true">
          <ChevronRight />
        </span>
      )}
    </nav>
  );
}
