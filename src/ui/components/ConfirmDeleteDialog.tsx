import { AlertDialog } from 'radix-ui';
import type { RefObject } from 'react';
import './confirmDelete.css';

export interface ConfirmDeleteTexts {
  title: string;
  description: string;
  /** The confirming button's words. */
  confirm: string;
  cancel: string;
}

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  texts: ConfirmDeleteTexts;
  onConfirm(): void;
  /** The button that opened it: focus goes back there on close (the dialog has no trigger of its own). */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/** The confirmation before a reader deletes what they wrote; fetched on first intent (see ConfirmDelete). */
export default function ConfirmDeleteDialog({
  open,
  onOpenChange,
  texts,
  onConfirm,
  returnFocus,
}: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm__overlay" />
        <AlertDialog.Content
          className="confirm"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <AlertDialog.Title className="confirm__title">{texts.title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm__text">{texts.description}</AlertDialog.Description>
          <div className="confirm__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {texts.cancel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                {texts.confirm}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
