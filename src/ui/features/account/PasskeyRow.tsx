import { KeyRound } from 'lucide-react';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useId, useState, type FormEvent } from 'react';
import type { Passkey } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { formatDateTime } from '../content/format';
import { useFailureNotice } from './useFailureNotice';

const words = zhCN.twoStep.passkeys;

/**
 * One passkey: its name, when it was added and last used; renamed in place, removed once the password or a
 * passkey confirms it. `onChanged` reads the list again.
 */
export function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => void }) {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const id = useId();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifier.notify({ level: 'success', message: done });
      setMode('view');
      onChanged();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    void act(() => api.renamePasskey(passkey.id, name), words.renamed);
  };
  const removeWithPassword = (event: FormEvent) => {
    event.preventDefault();
    void act(() => api.removePasskey(passkey.id, { password }), words.removed);
  };

  return (
    <li className="passkeys__item">
      <KeyRound aria-hidden="true" />
      <div className="passkeys__facts">
        <p className="passkeys__name">{passkey.name}</p>
        <p className="user-center__hint">
          {words.createdAt(formatDateTime(passkey.createdAt))} ·{' '}
          {passkey.lastUsedAt ? words.lastUsed(formatDateTime(passkey.lastUsedAt)) : words.neverUsed}
        </p>
        {mode === 'rename' && (
          <form className="passkeys__form" onSubmit={rename} noValidate>
            <label className="auth-field__label" htmlFor={`${id}-name`}>
              {words.name}
            </label>
            <input id={`${id}-name`} className="auth-input" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
            <div className="user-center__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                {words.save}
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setMode('view')}>
                {words.cancel}
              </button>
            </div>
          </form>
        )}
        {mode === 'remove' && (
          <form className="passkeys__form" onSubmit={removeWithPassword} noValidate>
            <p className="user-center__hint">{words.removeHint(passkey.name)}</p>
            <CurrentPasswordField label={words.password} value={password} onChange={setPassword} />
            <div className="user-center__actions">
              <button type="submit" className="button button--primary" disabled={busy || password === ''}>
                {words.removeWithPassword}
              </button>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void act(() => api.removePasskey(passkey.id, { passkey: true }), words.removed)}
              >
                {words.removeWithPasskey}
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => setMode('view')}>
                {words.cancel}
              </button>
            </div>
          </form>
        )}
      </div>
      {mode === 'view' && (
        <div className="user-center__actions">
          <button type="button" className="button" aria-label={words.renameFor(passkey.name)} onClick={() => setMode('rename')}>
            {words.rename}
          </button>
          <button type="button" className="button" aria-label={words.removeFor(passkey.name)} onClick={() => setMode('remove')}>
            {words.remove}
          </button>
        </div>
      )}
    </li>
  );
}
