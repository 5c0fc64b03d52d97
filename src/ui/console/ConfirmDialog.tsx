import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import * as zhCN from '../../i18n/zh-CN';

interface ConfirmDialogProps {
  title: string;
  /** What follows from it; an empty one is not shown. */
  description: string;
  /** The confirming button's words (删除, 发送). */
  action: string;
  /** A red confirming button, for what cannot be undone (the default); otherwise the primary one. */
  danger?: boolean;
  /** The button that opens the dialog. */
  children: ReactNode;
  /** Runs on confirmation; when it returns a promise the dialog stays open (busy) until it settles. */
  onConfirm: () => unknown;
}

/** The console's one confirmation: asks once more before something that cannot be undone or reaches other people. */
export function ConfirmDialog({ title, description, action, danger = true, children, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void Promise.resolve(onConfirm()).finally(() => {
      setBusy(false);
      setOpen(false);
    });
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="console-dialog__overlay" />
        <AlertDialog.Content className="console-dialog console-dialog--small">
          <AlertDialog.Title className="console-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="console-dialog__text">{description}</AlertDialog.Description>
          <div className="console-dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button" disabled={busy}>
                {zhCN.console.cancel}
              </button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the work is done. */}
            <button
              type="button"
              className={`button ${danger ? 'console-button--danger' : 'button--primary'}`}
              disabled={busy}
              onClick={confirm}
            >
              {action}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
