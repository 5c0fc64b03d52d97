import { Dialog } from 'radix-ui';
import { Pencil, X } from 'lucide-react';
import { useState } from 'react';
import type { ConsoleTalk } from '../../../domain/console/showcase/showcase';
import * as zhCN from '../../../i18n/zh-CN';
import { TalkComposer } from './TalkComposer';

const text = zhCN.consoleShowcase;

/** 编辑: the talk's text and pictures in a dialog; the composer starts afresh each time it opens. */
export function TalkEditDialog({ talk, onSaved }: { talk: ConsoleTalk; onSaved: (talk: ConsoleTalk) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="console-action">
          <Pencil aria-hidden="true" />
          {text.edit}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--medium" aria-describedby={undefined}>
          <Dialog.Title className="console-dialog__title">{text.talks.editTitle}</Dialog.Title>
          <Dialog.Close className="icon-button console-dialog__close" aria-label={text.cancel}>
            <X aria-hidden="true" />
          </Dialog.Close>
          <TalkComposer
            talk={talk}
            onCancel={() => setOpen(false)}
            onSaved={(saved) => {
              setOpen(false);
              onSaved(saved);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
