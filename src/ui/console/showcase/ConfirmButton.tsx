import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

interface ConfirmButtonProps {
  title: string;
  description: string;
  /** The confirming button's words (删除). */
  action: string;
  /** The button that opens the dialog. */
  children: ReactNode;
  /** Runs on confirmation; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before something that cannot be undone (删除说说, 删除相册, 删除照片). */
export function ConfirmButton({ title, description, action, children, onConfirm }: ConfirmButtonProps) {
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
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="showcase-dialog__overlay" />
        <AlertDialog.Content className="showcase-dialog showcase-dialog--small">
          <AlertDialog.Title className="showcase-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="showcase-dialog__text">{description}</AlertDialog.Description>
          <div className="showcase-dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button" disabled={busy}>
                {zhCN.consoleShowcase.cancel}
              </button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the work is done. */}
            <button type="button" className="button showcase-button--danger" disabled={busy} onClick={confirm}>
              {action}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
