import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.chat;

/** A confirmation (Radix AlertDialog) around a trigger. */
export function ChatConfirm({ trigger, title, onConfirm }: { trigger: ReactNode; title: string; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="chat-confirm__overlay" />
        <AlertDialog.Content className="chat-confirm">
          <AlertDialog.Title className="chat-confirm__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="visually-hidden">{title}</AlertDialog.Description>
          <div className="chat-confirm__actions">
            <AlertDialog.Cancel className="button">{text.cancel}</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--primary" onClick={onConfirm}>
              {text.confirm}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
