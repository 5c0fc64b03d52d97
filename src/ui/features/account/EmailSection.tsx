import { Mail } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ReportedError, type EmailSettings } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import './userCenter.css';

const text = zhCN.comments.mail;

const looksLikeEmail = (value: string) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The personal centre's 邮件提醒: the address reply emails go to, and the switch (issue 22). */
export function EmailSection() {
  const api = useService(TOKENS.accountApi);
  const notifier = useService(TOKENS.notifier);
  const emailId = useId();
  const switchId = useId();
  const [saved, setSaved] = useState<EmailSettings | null>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    api.emailSettings().then(
      (settings) => {
        if (!current) return;
        setSaved(settings);
        setEmail(settings.email);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);

  const save = async (changes: Partial<EmailSettings>, done: string) => {
    setBusy(true);
    try {
      const settings = await api.updateEmailSettings(changes);
      setSaved(settings);
      setEmail(settings.email);
      setProblem(null);
      notifier.notify({ level: 'success', message: done });
    } catch (error) {
      if (!(error instanceof ReportedError)) setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email.trim())) {
      setProblem(text.emailInvalid);
      return;
    }
    void save({ email: email.trim() }, text.saved);
  };

  const toggle = (notify: boolean) => {
    if (notify && !saved?.email) {
      setProblem(text.needEmail);
      return;
    }
    void save({ notify }, notify ? text.notifyOn : text.notifyOff);
  };

  return (
    <form className="user-center__section user-center__email" onSubmit={submit} noValidate aria-busy={saved === null}>
      <h2 className="user-center__heading">
        <Mail aria-hidden="true" />
        {text.title}
      </h2>
      <div className="auth-field" data-invalid={problem !== null}>
        <label className="auth-field__label" htmlFor={emailId}>
          {text.email}
        </label>
        <input
          id={emailId}
          className="auth-input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={text.emailPlaceholder}
          value={email}
          maxLength={100}
          disabled={saved === null}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p className="auth-field__error" role={problem ? 'alert' : undefined}>
          {problem ?? ''}
        </p>
      </div>
      <p className="user-center__hint">{text.emailHint}</p>
      <div className="user-center__switch">
        <Switch.Root
          id={switchId}
          className="user-center__switch-control"
          checked={saved?.notify ?? false}
          disabled={saved === null || busy}
          onCheckedChange={toggle}
        >
          <Switch.Thumb className="user-center__switch-thumb" />
        </Switch.Root>
        <label htmlFor={switchId}>{text.notify}</label>
      </div>
      <button type="submit" className="button button--primary" disabled={saved === null || busy || email.trim() === saved.email}>
        {text.save}
      </button>
    </form>
  );
}
