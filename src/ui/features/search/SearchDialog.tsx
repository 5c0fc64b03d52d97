import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, type RefObject } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { searchPanel } from './searchPanelPart';
import './search.css';

const SearchPanel = searchPanel.Component;

export interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back when the dialog closes (the header button is no Dialog.Trigger). */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/** The search dialog of spec section 2, fetched the first time the header's search button is used. */
export default function SearchDialog({ open, onOpenChange, returnFocus }: SearchDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="search-dialog__overlay" />
        <Dialog.Content
          className="search-dialog"
          aria-describedby={undefined}
          // The box focuses itself once the panel is there; the first button would be the close button.
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className="search-dialog__head">
            <Dialog.Title className="search-dialog__title">{zhCN.search.title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={zhCN.search.close}>
                <X aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <Suspense fallback={<p className="search-status">{zhCN.shell.loading}</p>}>
            <SearchPanel onDone={() => onOpenChange(false)} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
