import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleComments;

/** 删除 one comment or the ones ticked, after a confirmation. */
export function ConfirmDelete({ count, disabled, onConfirm }: { count: number; disabled: boolean; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="button review-action review-action--danger" disabled={disabled}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="review-dialog__overlay" />
        <AlertDialog.Content className="review-dialog review-dialog--small">
          <AlertDialog.Title className="review-dialog__title">{text.confirmDeleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="review-dialog__text">{text.confirmDelete(count)}</AlertDialog.Description>
          <div className="review-dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {text.cancel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button review-action--danger" onClick={onConfirm}>
                {text.delete}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
