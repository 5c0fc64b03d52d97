import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleModeration;

interface ConfirmButtonProps {
  /** The button's face (an icon and a word). */
  children: ReactNode;
  /** The button's accessible name, when its face is not enough. */
  label?: string;
  title: string;
  description: string;
  confirmText?: string;
  danger?: boolean;
  disabled?: boolean;
  className?: string;
  onConfirm: () => void;
}

/** A button whose action is asked once more first (it cannot be undone, or it reaches other people). */
export function ConfirmButton({
  children,
  label,
  title,
  description,
  confirmText = text.confirm,
  danger = false,
  disabled = false,
  className = 'mod-action',
  onConfirm,
}: ConfirmButtonProps) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={`${className}${danger ? ' mod-action--danger' : ''}`} disabled={disabled} aria-label={label}>
          {children}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="mod-dialog__overlay" />
        <AlertDialog.Content className="mod-dialog">
          <AlertDialog.Title className="mod-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mod-dialog__text">{description}</AlertDialog.Description>
          <div className="mod-dialog__actions">
            <AlertDialog.Cancel className="button">{text.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className={`button ${danger ? 'mod-button--danger' : 'button--primary'}`} onClick={onConfirm}>
              {confirmText}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
