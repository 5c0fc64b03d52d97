import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyPart, useOnceTrue } from '../hooks/lazyPart';
import * as zhCN from '../../i18n/zh-CN';

// The drawer (and the dialog library under it) is fetched when a reader reaches for the menu,
// keeping it out of the first load.
const DrawerPanel = lazyPart(() => import('./DrawerPanel'));

/** The narrow-screen menu button; the drawer itself is loaded on first use. */
export function MobileDrawer() {
  const { pathname } = useLocation();
  // Remembering where it was opened closes the drawer by itself once the reader navigates.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (value: boolean) => setOpenAt(value ? pathname : null);
  const requested = useOnceTrue(open);
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
        onPointerEnter={DrawerPanel.preload}
        onFocus={DrawerPanel.preload}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <DrawerPanel.Component open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
