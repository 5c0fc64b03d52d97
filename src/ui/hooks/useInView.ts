import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is in the window: true until the observer first says otherwise (the server's page and
 * a browser without IntersectionObserver count as in view).
 */
export function useInView(element: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((entry) => entry.isIntersecting)));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return inView;
}
