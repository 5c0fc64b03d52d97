import { Search } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { prefetchWhenIdle } from '../../hooks/idlePrefetch';
import { lazyPart, useOnceTrue } from '../../hooks/lazyPart';
import * as zhCN from '../../../i18n/zh-CN';
import { searchPanel } from './searchPanelPart';

// The dialog carries the dialog library; it is fetched on first intent and stays mounted afterwards.
const searchDialog = lazyPart(() => import('./SearchDialog'));
// When the browser is idle after the first load: the dialog, then the panel inside it.
prefetchWhenIdle('search', searchDialog.prefetch);
prefetchWhenIdle('search', searchPanel.prefetch);

/** The header's search button; the search dialog of spec section 2 behind it is loaded on first use. */
export function SearchEntry() {
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  const search = useService(TOKENS.search);
  const button = useRef<HTMLButtonElement>(null);
  // The search's own code, after the dialog and the panel, so that the first open needs no download.
  useEffect(() => prefetchWhenIdle('search', search.preload, search), [search]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void search.load().then((actor) => actor.send({ type: 'hot.load' }), () => undefined);
  };
  const preload = () => {
    searchDialog.preload();
    void search.preload();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={zhCN.nav.search}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => onOpenChange(true)}
      >
        <Search aria-hidden="true" />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <searchDialog.Component open={open} onOpenChange={onOpenChange} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
