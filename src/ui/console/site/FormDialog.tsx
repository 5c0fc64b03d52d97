import { Dialog } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleSite;

interface FormDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the form; the dialog closes when it resolves true and stays open (the notice says why) otherwise. */
  onSubmit: () => Promise<boolean>;
  children: ReactNode;
}

/** A form in a dialog: 添加 and 编辑 of a link, a resource or a site. */
export function FormDialog({ title, open, onOpenChange, onSubmit, children }: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    void onSubmit().then((done) => {
      setBusy(false);
      if (done) onOpenChange(false);
    });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--form" aria-describedby={undefined}>
          <Dialog.Title className="console-dialog__title">{title}</Dialog.Title>
          <form className="site-dialog__form" onSubmit={submit}>
            {children}
            <div className="console-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button" disabled={busy}>
                  {text.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? text.saving : text.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
