import { Clock3, LogIn, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { FriendLinkApplication } from '../../../domain/content/content';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';
import { useAccount } from '../account/useAccount';
import './content.css';

const EMPTY: FriendLinkApplication = { name: '', description: '', url: '', avatar: '' };

function problemOf(form: FriendLinkApplication): string | null {
  const text = zhCN.links;
  if (form.name.trim() === '') return text.nameRequired;
  if (!/^https?:\/\/\S+$/i.test(form.url.trim())) return text.urlInvalid;
  if (form.avatar.trim() !== '' && !/^(https?:\/\/\S+|\/media\/\S+)$/i.test(form.avatar.trim())) return text.avatarInvalid;
  return null;
}

/** A signed-in reader asks for a link; it waits for the blogger's approval. */
export function LinkApplyForm() {
  const api = useService(TOKENS.contentApi);
  const notifier = useService(TOKENS.notifier);
  const { loggedIn, openLogin } = useAccount();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const text = zhCN.links;

  if (!loggedIn) {
    return (
      <div className="notice-box link-apply__login">
        <LogIn aria-hidden="true" />
        <span>{text.loginToApply}</span>
        <button type="button" className="button button--primary" onClick={openLogin}>
          {zhCN.nav.goLogin}
        </button>
      </div>
    );
  }

  if (state === 'sent') {
    return (
      <p className="notice-box" role="status">
        <Clock3 aria-hidden="true" />
        {text.pending}
      </p>
    );
  }

  const field = (key: keyof FriendLinkApplication) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(form);
    setProblem(found);
    if (found) return;
    setState('sending');
    const trimmed = {
      name: form.name.trim(),
      description: form.description.trim(),
      url: form.url.trim(),
      avatar: form.avatar.trim(),
    };
    api.applyFriendLink(trimmed).then(
      () => {
        setState('sent');
        notifier.notify({ level: 'success', message: text.pending });
      },
      (error: unknown) => {
        setState('editing');
        setProblem(error instanceof Error ? error.message : text.failed);
      },
    );
  };

  return (
    <form className="form link-apply" onSubmit={submit} noValidate>
      <div className="link-apply__grid">
        <label className="form__row">
          <span className="form__label">{text.name}</span>
          <input className="form__input" maxLength={30} required placeholder={text.namePlaceholder} {...field('name')} />
        </label>
        <label className="form__row">
          <span className="form__label">{text.url}</span>
          <input className="form__input" type="url" maxLength={255} required placeholder="https://" {...field('url')} />
        </label>
        <label className="form__row">
          <span className="form__label">{text.avatar}</span>
          <input className="form__input" type="url" maxLength={255} placeholder="https://" {...field('avatar')} />
        </label>
        <label className="form__row">
          <span className="form__label">{text.description}</span>
          <input className="form__input" maxLength={100} placeholder={text.descriptionPlaceholder} {...field('description')} />
        </label>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={state === 'sending'}>
          <Send aria-hidden="true" />
          {state === 'sending' ? zhCN.shell.loading : text.submit}
        </button>
      </div>
    </form>
  );
}
