import { Trash2 } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { lazyPart, useOnceTrue } from '../hooks/lazyPart';
import type { ConfirmDeleteTexts } from './ConfirmDeleteDialog';

// The confirmation (and the dialog library under it) is fetched on first intent, or when the browser is
// idle: the button itself is part of the page and hydrates with it.
const confirmDialog = lazyPart(() => import('./ConfirmDeleteDialog'), { idle: 'page' });

interface ConfirmDeleteProps {
  /** The button's words and the dialog's, from the place's own catalogue area. */
  texts: ConfirmDeleteTexts & { delete: string };
  /** The button's class, so it looks like the actions beside it. */
  className: string;
  /** The button's accessible name when its word alone is ambiguous (删除回复). */
  label?: string;
  /** Work on this item is under way elsewhere (a machine deleting it): the button waits. */
  busy?: boolean;
  /**
   * Runs on confirmation. When it returns a promise the button stays disabled until the item is gone; a
   * rejection enables it again and shows its message.
   */
  onConfirm: () => void | Promise<void>;
}

/** The reader's delete button (a post, a reply, a comment): it asks once more first. */
export function ConfirmDelete({ texts, className, label, busy = false, onConfirm }: ConfirmDeleteProps) {
  const notifier = useService(TOKENS.notifier);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  const button = useRef<HTMLButtonElement>(null);
  const confirm = () => {
    const outcome = onConfirm();
    if (!(outcome instanceof Promise)) return;
    setPending(true);
    outcome.catch((error: unknown) => {
      setPending(false);
      if (error instanceof Error && error.message) notifier.notify({ level: 'error', message: error.message });
    });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        disabled={busy || pending}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={confirmDialog.preload}
        onFocus={confirmDialog.preload}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {texts.delete}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <confirmDialog.Component
            open={open}
            onOpenChange={setOpen}
            texts={texts}
            onConfirm={confirm}
            returnFocus={button}
          />
        </Suspense>
      )}
    </>
  );
}
