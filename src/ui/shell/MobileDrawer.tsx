import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { zhCN } from '../i18n/zh-CN';
import type { DrawerPanelProps } from './DrawerPanel';

// The drawer (and the dialog library under it) is fetched when a reader reaches for the menu,
// keeping it out of the first load.
const loadPanel = (): Promise<{ default: ComponentType<DrawerPanelProps> }> =>
  import('./DrawerPanel').catch((error: unknown) => {
    // Same signal as a failed page chunk; the menu button simply stays inert.
    window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
    return { default: () => null };
  });
const DrawerPanel = lazy(loadPanel);

/** The narrow-screen menu button; the drawer itself is loaded on first use. */
export function MobileDrawer() {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the drawer by itself once the reader navigates.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? pathname : null);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={zhCN.nav.menu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <DrawerPanel open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
