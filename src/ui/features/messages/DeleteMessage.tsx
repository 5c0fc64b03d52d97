import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { boardChanged } from './boardVersion';
import './messages.css';

/** The board's delete button (a post's, a reply's): `remove` runs once the reader confirms. */
export function DeleteOnBoard({
  title,
  label,
  remove,
}: {
  title: string;
  label?: string;
  remove: () => Promise<void>;
}) {
  const text = zhCN.messages;
  return (
    <ConfirmDelete
      className="message-action"
      label={label}
      texts={{
        delete: text.delete,
        title,
        description: text.confirmDelete,
        confirm: text.confirm,
        cancel: text.cancel,
      }}
      onConfirm={remove}
    />
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
  return <DeleteOnBoard title={text.confirmDeleteTitle} remove={remove} />;
}
