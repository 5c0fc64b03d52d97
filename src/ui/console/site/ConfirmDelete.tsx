import { AlertDialog } from 'radix-ui';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleSite;

interface ConfirmDeleteProps {
  /** What is deleted, as the list shows it. */
  name: string;
  /** What happens to what used it (the articles of a category…). */
  hint?: string;
  disabled?: boolean;
  /** Resolves once the server answered; the dialog waits for it. */
  onConfirm: () => Promise<unknown>;
}

/** 删除, asked once more: it cannot be undone. */
export function ConfirmDelete({ name, hint, disabled = false, onConfirm }: ConfirmDeleteProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void onConfirm().finally(() => {
      setBusy(false);
      setOpen(false);
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <button type="button" className="site-action site-action--danger" disabled={disabled}>
          <Trash2 aria-hidden="true" />
          <span className="site-action__label">{text.delete}</span>
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="site-dialog__overlay" />
        <AlertDialog.Content className="site-dialog site-dialog--small">
          <AlertDialog.Title className="site-dialog__title">{text.confirmDelete(name)}</AlertDialog.Title>
          <AlertDialog.Description className="site-dialog__text">{hint ? `${hint}${text.cannotUndo}` : text.cannotUndo}</AlertDialog.Description>
          <div className="site-dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button" disabled={busy}>
                {text.cancel}
              </button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the server answered. */}
            <button type="button" className="button site-button--danger" disabled={busy} onClick={confirm}>
              {text.delete}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
