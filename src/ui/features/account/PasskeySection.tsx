import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Passkey } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { PasskeyRow } from './PasskeyRow';
import { useFailureNotice } from './useFailureNotice';
import { usePasskeysSupported } from './usePasskeysSupported';

const words = zhCN.twoStep.passkeys;

/**
 * The account's passkeys in the personal centre (and in the dialog ADMIN_TWO_STEP=required opens): the list,
 * and a new one added under a name (the browser asks the device). `onAdded` runs after each one is added.
 */
export function PasskeySection({ className = 'user-center__section', onAdded }: { className?: string; onAdded?: () => void }) {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const fail = useFailureNotice();
  const id = useId();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [reads, setReads] = useState(0);
  const refresh = () => setReads((n) => n + 1);
  const supported = usePasskeysSupported();

  useEffect(() => {
    let current = true;
    api.passkeys().then(
      (list) => current && setPasskeys(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, reads]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api.addPasskey(name.trim() || words.defaultName);
      notifier.notify({ level: 'success', message: words.added });
      setName('');
      refresh();
      onAdded?.();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${className} passkeys`}>
      <h2 className="user-center__heading">{words.title}</h2>
      <p className="user-center__hint">{words.intro}</p>
      {passkeys !== null && passkeys.length === 0 && <p className="user-center__hint">{words.none}</p>}
      {passkeys !== null && passkeys.length > 0 && (
        <ul className="passkeys__list" aria-label={words.title}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onChanged={refresh} />
          ))}
        </ul>
      )}
      {supported ? (
        <form className="passkeys__form" onSubmit={(event) => void add(event)} noValidate>
          <label className="auth-field__label" htmlFor={`${id}-name`}>
            {words.name}
          </label>
          <input
            id={`${id}-name`}
            className="auth-input"
            maxLength={30}
            placeholder={words.namePlaceholder}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? words.waiting : words.add}
          </button>
        </form>
      ) : (
        <p className="user-center__hint">{words.unsupported}</p>
      )}
    </section>
  );
}
