import { AlertDialog } from 'radix-ui';
import type { RefObject } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import './messages.css';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  onConfirm(): void;
  /** The button that opened it: focus goes back there on close (the dialog has no trigger of its own). */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/** The confirmation before a post or a reply is deleted; fetched on first intent (see ConfirmDelete). */
export default function ConfirmDeleteDialog({ open, onOpenChange, title, onConfirm, returnFocus }: ConfirmDeleteDialogProps) {
  const text = zhCN.messages;
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
          <AlertDialog.Title className="confirm__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm__text">{text.confirmDelete}</AlertDialog.Description>
          <div className="form__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {text.cancel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                {text.confirm}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
