import { Dialog } from 'radix-ui';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { TwoStepSection } from './TwoStepSection';
import { PasskeySection } from './PasskeySection';
import { useAccount } from './useAccount';
import './account.css';
import './userCenter.css';

const text = zhCN.twoStep.required;
const keepOpen = (event: Event) => event.preventDefault();

/**
 * Shown while ADMIN_TWO_STEP=required holds an administrator without a second step: it cannot be
 * dismissed, only answered by setting one up (or left by signing out), like the printed-password dialog.
 * Once the recovery codes are put away, the account is read again and the dialog goes. Loaded on first need.
 */
export default function TwoStepRequiredDialog() {
  const { logout, busy } = useAccount();
  const api = useService(TOKENS.accountApi);
  const session = useService(TOKENS.session);
  const reread = () =>
    void api.current().then(
      (user) => user && session.send({ type: 'user.updated', user }),
      () => undefined,
    );
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content className="auth-dialog" onEscapeKeyDown={keepOpen} onPointerDownOutside={keepOpen} onInteractOutside={keepOpen}>
          <Dialog.Title className="auth-dialog__title">{text.title}</Dialog.Title>
          <Dialog.Description className="auth-dialog__description">{text.description}</Dialog.Description>
          <TwoStepSection className="auth-form" onDone={reread} />
          {/* A passkey satisfies the rule as well: the account is read again as soon as one is added. */}
          <PasskeySection className="auth-form" onAdded={reread} />
          <button type="button" className="auth-switch" disabled={busy} onClick={logout}>
            {text.logout}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
