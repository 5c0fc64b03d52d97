import { Trash2 } from 'lucide-react';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';

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
  return (
    <ConfirmButton
      title={text.confirmDelete(name)}
      description={hint ? `${hint}${text.cannotUndo}` : text.cannotUndo}
      action={text.delete}
      danger
      disabled={disabled}
      onConfirm={onConfirm}
    >
      <Trash2 aria-hidden="true" />
      <span className="console-action__label">{text.delete}</span>
    </ConfirmButton>
  );
}
