import { Dialog } from 'radix-ui';
import * as zhCN from '../../../i18n/zh-CN';
import { PasswordChangeForm } from './PasswordChangeForm';
import { useAccount } from './useAccount';
import './account.css';

const text = zhCN.account.passwordChange;
const keepOpen = (event: Event) => event.preventDefault();

/**
 * Shown while the signed-in account is on a generated password (the administrator's one-time password,
 * `npm run user`): it cannot be dismissed, only answered with a new password or left by signing out.
 * The server refuses the account's other changes meanwhile. Loaded on first need.
 */
export default function PasswordChangeDialog() {
  const { logout, busy } = useAccount();
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content
          className="auth-dialog"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
        >
          <Dialog.Title className="auth-dialog__title">{text.title}</Dialog.Title>
          <Dialog.Description className="auth-dialog__description">{text.description}</Dialog.Description>
          <PasswordChangeForm
            className="auth-form"
            oldPasswordTexts={{ label: text.oldPassword, required: text.oldPasswordRequired }}
            submitClassName="button button--primary auth-submit"
            actions={
              <button type="button" className="auth-switch" disabled={busy} onClick={logout}>
                {text.logout}
              </button>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
