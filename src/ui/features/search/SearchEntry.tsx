import { Search, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { zhCN } from '../../i18n/zh-CN';
import './search.css';

const SearchPanel = lazy(() => import('./SearchPanel'));

/** The header's search button and the search dialog of spec section 2. */
export function SearchEntry() {
  const [open, setOpen] = useState(false);
  const search = useService(TOKENS.search);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) search.send({ type: 'hot.load' });
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="icon-button" aria-label={zhCN.nav.search}>
          <Search aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="search-dialog__overlay" />
        <Dialog.Content
          className="search-dialog"
          aria-describedby={undefined}
          // The box focuses itself once the panel is there; the first button would be the close button.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <div className="search-dialog__head">
            <Dialog.Title className="search-dialog__title">{zhCN.search.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={zhCN.search.close}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <Suspense fallback={<p className="search-status">{zhCN.loading}</p>}>
            <SearchPanel onDone={() => setOpen(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
