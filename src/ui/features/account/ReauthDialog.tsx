import { Dialog } from 'radix-ui';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useState, type FormEvent } from 'react';
import { ReportedError } from '../../../domain/account/account';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import './account.css';

const text = zhCN.signIn.reauth;

/**
 * The password again before something that cannot be undone: sent to the server, which counts the session as
 * proved for ten minutes; the refused call then goes again by itself. Closing it gives the call up.
 */
export default function ReauthDialog() {
  const prompt = useService(TOKENS.reauthPrompt);
  const api = useService(TOKENS.signInApi);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(zhCN.signIn.server.passwordRequired);
    setBusy(true);
    try {
      await api.reauthenticate(password);
      prompt.settle(true);
    } catch (failure) {
      setBusy(false);
      // A wrong password is said beside the field; what the HTTP client already showed (429) is not said twice.
      if (!(failure instanceof ReportedError)) setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && prompt.settle(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay auth-overlay--over-all" />
        <Dialog.Content className="auth-dialog auth-dialog--over-all">
          <Dialog.Title className="auth-dialog__title">{text.title}</Dialog.Title>
          <Dialog.Description className="auth-dialog__description">{text.hint}</Dialog.Description>
          <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
            <CurrentPasswordField
              label={text.password}
              value={password}
              autoFocus
              error={error}
              onChange={(value) => {
                setPassword(value);
                setError('');
              }}
            />
            <button type="submit" className="button button--primary auth-submit" disabled={busy}>
              {text.submit}
            </button>
            <Dialog.Close className="auth-switch" type="button" disabled={busy}>
              {text.cancel}
            </Dialog.Close>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
