import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyPart } from '../hooks/lazyPart';

/** The menu itself loads on the first right-click: a reader who never right-clicks never fetches it. */
const panel = lazyPart(() => import('./ContextMenuPanel'));

/**
 * Replaces the browser's right-click menu with the site's shortcuts. Ctrl+right-click keeps the
 * browser's own menu, so "Inspect" stays one click away.
 */
export function ContextMenu() {
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const close = useCallback(() => setAt(null), []);

  useEffect(() => {
    const open = (event: MouseEvent) => {
      if (event.ctrlKey) return;
      event.preventDefault();
      if (event.target instanceof Element && event.target.closest('.context-menu')) return;
      setAt({ x: event.clientX, y: event.clientY });
    };
    document.addEventListener('contextmenu', open);
    return () => document.removeEventListener('contextmenu', open);
  }, []);

  if (!at) return null;
  return (
    <Suspense fallback={null}>
      <panel.Component at={at} onClose={close} />
    </Suspense>
  );
}
