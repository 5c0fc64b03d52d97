import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

interface ConfirmButtonProps {
  /** The button's face (an icon and a word). */
  children: ReactNode;
  /** The button's accessible name, when its face is not enough. */
  label?: string;
  title: string;
  description: string;
  /** The confirming button's words. */
  action: string;
  danger?: boolean;
  disabled?: boolean;
  className?: string;
  onConfirm: () => unknown;
}

/** A small action button whose action is asked once more first (see ConfirmDialog). */
export function ConfirmButton({ children, label, danger = false, disabled = false, className = 'console-action', ...dialog }: ConfirmButtonProps) {
  return (
    <ConfirmDialog danger={danger} {...dialog}>
      <button type="button" className={`${className}${danger ? ' console-action--danger' : ''}`} disabled={disabled} aria-label={label}>
        {children}
      </button>
    </ConfirmDialog>
  );
}
