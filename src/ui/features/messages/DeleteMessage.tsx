import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { boardChanged } from './boardVersion';
import './messages.css';

/** A delete button that asks first; `remove` runs on confirmation and a failure is shown. */
export function ConfirmDelete({ title, label, remove }: { title: string; label?: string; remove: () => Promise<void> }) {
  const notifier = useService(TOKENS.notifier);
  const [busy, setBusy] = useState(false);
  const text = zhCN.messages;
  const confirm = () => {
    setBusy(true);
    remove().then(
      () => undefined,
      (error: unknown) => {
        setBusy(false);
        if (error instanceof Error && error.message) notifier.notify({ level: 'error', message: error.message });
      },
    );
  };
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="message-action" disabled={busy} aria-label={label}>
          <Trash2 aria-hidden="true" />
          {text.delete}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="confirm__overlay" />
        <AlertDialog.Content className="confirm">
          <AlertDialog.Title className="confirm__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm__text">{text.confirmDelete}</AlertDialog.Description>
          <div className="form__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {text.cancel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={confirm}>
                {text.confirm}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Delete a post with a confirmation; the board reloads afterwards. */
export function DeleteMessage({ id, onDeleted }: { id: number; onDeleted?: () => void }) {
  const api = useService(TOKENS.contentApi);
  const notifier = useService(TOKENS.notifier);
  const text = zhCN.messages;
  const remove = async () => {
    await api.deleteMessage(id);
    notifier.notify({ level: 'success', message: text.deleted, durationMs: LIST_ACTION_NOTICE_MS });
    // Leave a page showing the post before the board reloads, so nothing asks for the deleted post.
    onDeleted?.();
    boardChanged();
  };
  return <ConfirmDelete title={text.confirmDeleteTitle} remove={remove} />;
}
