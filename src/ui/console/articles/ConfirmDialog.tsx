import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

interface ConfirmDialogProps {
  title: string;
  description: string;
  action: string;
  /** The button that opens the dialog. */
  children: ReactNode;
  /** Runs on confirmation; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<void>;
}

/** Asks before something that cannot be undone (彻底删除, 清空回收站). */
export function ConfirmDialog({ title, description, action, children, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    onConfirm().finally(() => {
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
                {zhCN.consoleArticles.confirm.cancel}
              </button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the work is done. */}
            <button type="button" className="button article-button--danger" disabled={busy} onClick={confirm}>
              {action}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
