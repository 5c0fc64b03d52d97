import { Trash2 } from 'lucide-react';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';

const text = zhCN.consoleComments;

/** 删除 one comment or the ones ticked, after a confirmation. */
export function ConfirmDelete({ count, disabled, onConfirm }: { count: number; disabled: boolean; onConfirm(): void }) {
  return (
    <ConfirmButton
      className="button review-action"
      title={text.confirmDeleteTitle}
      description={text.confirmDelete(count)}
      action={text.delete}
      danger
      disabled={disabled}
      onConfirm={onConfirm}
    >
      <Trash2 aria-hidden="true" />
      {text.delete}
    </ConfirmButton>
  );
}
