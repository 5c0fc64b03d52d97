import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.comments;

/** 删除, after a confirmation. */
export function DeleteComment({ busy, onConfirm }: { busy: boolean; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="comment__action" disabled={busy}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="comment-confirm__overlay" />
        <AlertDialog.Content className="comment-confirm">
          <AlertDialog.Title className="comment-confirm__title">{text.confirmDeleteTitle}</AlertDialog.Title>
          <AlertDialog.Description className="comment-confirm__text">{text.confirmDelete}</AlertDialog.Description>
          <div className="comment-confirm__actions">
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
