import { Copy } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

const words = zhCN.consoleUsers.users;

/** The generated password, shown this once: the server keeps only its hash. */
export function PasswordDialog({ nickName, password, onClose }: { nickName: string; password: string; onClose: () => void }) {
  const clipboard = useService(TOKENS.clipboard);
  const [copied, setCopied] = useState(false);
  const fieldId = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="console-dialog__overlay" />
        <Dialog.Content className="console-dialog console-dialog--small">
          <Dialog.Title className="console-dialog__title">{words.passwordTitle(nickName)}</Dialog.Title>
          <Dialog.Description className="console-dialog__text">{words.passwordHint}</Dialog.Description>
          <label className="console-field" htmlFor={fieldId}>
            {words.passwordLabel}
            <span className="users-password">
              <input id={fieldId} className="users-password__value" readOnly value={password} onFocus={(event) => event.target.select()} />
              <button
                type="button"
                className="button"
                onClick={() => void clipboard.write(password).then(() => setCopied(true), () => setCopied(false))}
              >
                <Copy aria-hidden="true" />
                {copied ? words.copied : words.copy}
              </button>
            </span>
          </label>
          <div className="console-dialog__actions">
            <Dialog.Close className="button button--primary" type="button">
              {words.done}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
