import { useEffect, useRef } from 'react';

/**
 * "Pull up to load more": calls `more` when the footer scrolls into its list's view. The observer is made
 * again after each page, so a footer still in view after a short page asks for the next one.
 */
export function useLoadMore(enabled: boolean, more: () => void, pages: number) {
  const footer = useRef<HTMLDivElement>(null);
  const latest = useRef(more);
  useEffect(() => {
    latest.current = more;
  });
  useEffect(() => {
    const element = footer.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const root = element.closest<HTMLElement>('[data-scroll-root]');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root, rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, pages]);
  return footer;
}
