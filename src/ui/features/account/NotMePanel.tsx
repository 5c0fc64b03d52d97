import { useId, useState, type FormEvent } from 'react';
import { ReportedError } from '../../../domain/account/account';
import { checkConfirmPassword, checkPasswordFormat, type ValidationKey } from '../../../domain/account/validation';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useAccount } from './useAccount';

const text = zhCN.signIn.notMe;

type Step = { name: 'ask' } | { name: 'password'; resetToken: string } | { name: 'done' };

/**
 * The 「不是我」 link's page (the personal centre with `?notMe=`): opening it changes nothing, since mail
 * scanners open links; its button ends the sign-in the link names, then a new password is set under the
 * link's one-time grant, which ends every session of the account, and the person signs in again.
 */
export function NotMePanel({ token }: { token: string }) {
  const api = useService(TOKENS.signInApi);
  const session = useService(TOKENS.session);
  const { loggedIn, openLogin } = useAccount();
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'ask' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [form, setForm] = useState({ password: '', confirm: '' });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      if (!(failure instanceof ReportedError)) setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const endThatSignIn = () =>
    run(async () => {
      const { resetToken } = await api.notMe(token);
      setStep({ name: 'password', resetToken });
    });

  const savePassword = (event: FormEvent, resetToken: string) => {
    event.preventDefault();
    const problem: ValidationKey | null = checkPasswordFormat(form.password) ?? checkConfirmPassword(form.password, form.confirm);
    if (problem) return setError(zhCN.validation[problem]);
    void run(async () => {
      await api.setPasswordAfterNotMe(resetToken, form.password);
      setStep({ name: 'done' });
      // Every session has ended, this browser's too.
      if (loggedIn) session.send({ type: 'session.expired' });
    });
  };

  return (
    <section className="user-center__card not-me" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      {step.name === 'ask' && (
        <>
          <p>{text.hint}</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void endThatSignIn()}>
            {text.confirm}
          </button>
        </>
      )}
      {step.name === 'password' && (
        <form className="auth-form" onSubmit={(event) => savePassword(event, step.resetToken)} noValidate>
          <p>{text.ended}</p>
          {(['password', 'confirm'] as const).map((field) => (
            <div key={field} className="auth-field">
              <label className="auth-field__label" htmlFor={`${id}-${field}`}>
                {field === 'password' ? text.newPassword : text.confirmPassword}
              </label>
              <input
                id={`${id}-${field}`}
                className="auth-input"
                type="password"
                autoComplete="new-password"
                maxLength={64}
                value={form[field]}
                onChange={(event) => setForm({ ...form, [field]: event.target.value })}
              />
            </div>
          ))}
          <button type="submit" className="button button--primary" disabled={busy}>
            {text.save}
          </button>
        </form>
      )}
      {step.name === 'done' && (
        <>
          <p role="status">{text.done}</p>
          <button type="button" className="button button--primary" onClick={openLogin}>
            {text.signIn}
          </button>
        </>
      )}
      <p className="auth-field__error" role={error ? 'alert' : undefined}>
        {error}
      </p>
    </section>
  );
}
