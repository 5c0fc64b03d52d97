import { Trash2 } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { lazyPart, useOnceTrue } from '../../hooks/lazyPart';
import * as zhCN from '../../../i18n/zh-CN';
import { boardChanged } from './boardVersion';
import './messages.css';

// The confirmation (and the dialog library under it) is fetched on first intent, or when the browser is
// idle: the button itself is part of the page and hydrates with it.
const confirmDialog = lazyPart(() => import('./ConfirmDeleteDialog'), { idle: 'page' });

/** A delete button that asks first; `remove` runs on confirmation and a failure is shown. */
export function ConfirmDelete({ title, label, remove }: { title: string; label?: string; remove: () => Promise<void> }) {
  const notifier = useService(TOKENS.notifier);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  const button = useRef<HTMLButtonElement>(null);
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
    <>
      <button
        ref={button}
        type="button"
        className="message-action"
        disabled={busy}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={confirmDialog.preload}
        onFocus={confirmDialog.preload}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {text.delete}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <confirmDialog.Component open={open} onOpenChange={setOpen} title={title} onConfirm={confirm} returnFocus={button} />
        </Suspense>
      )}
    </>
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
