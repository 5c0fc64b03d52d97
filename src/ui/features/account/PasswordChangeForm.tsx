import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ReportedError } from '../../../domain/account/account';
import { checkConfirmPassword, checkNewPassword, type ValidationKey } from '../../../domain/account/validation';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.account.center;

type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

export interface PasswordChangeFormProps {
  className: string;
  /** What the current password is called, and asked for when left empty: 原密码, or 初始密码 for a generated one. */
  oldPasswordTexts?: { label: string; required: string };
  /** Shown above the fields (a heading). */
  header?: ReactNode;
  /** Shown beside the submit button. */
  actions?: ReactNode;
  submitClassName?: string;
}

/**
 * Changes the signed-in user's password. The server then ends every other session and keeps this one; the
 * account, no longer held to a generated password, is read again (user.updated).
 */
// Read when rendered, in the render's language (see server/adapters/ssr/language.ts).
const oldPasswordTextsOf = () => ({ label: text.oldPassword, required: zhCN.validation.oldPasswordRequired });

export function PasswordChangeForm({ className, oldPasswordTexts = oldPasswordTextsOf(), header, actions, submitClassName = 'button button--primary' }: PasswordChangeFormProps) {
  const api = useService(TOKENS.accountApi);
  const session = useService(TOKENS.session);
  const notifier = useService(TOKENS.notifier);
  const id = useId();
  const [form, setForm] = useState<Record<PasswordField, string>>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, ValidationKey>>>({});
  const [saving, setSaving] = useState(false);

  const validate = (values: typeof form) => {
    const found: Partial<Record<PasswordField, ValidationKey>> = {};
    const change = checkNewPassword(values.oldPassword, values.newPassword);
    if (change === 'oldPasswordRequired') found.oldPassword = change;
    else if (change) found.newPassword = change;
    const confirm = checkConfirmPassword(values.newPassword, values.confirmPassword);
    if (confirm) found.confirmPassword = confirm;
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.updatePassword(form.oldPassword, form.newPassword);
      notifier.notify({ level: 'success', message: text.passwordChanged });
      setForm({ oldPassword: '', newPassword: '', confirmPassword: '' });
      setSaving(false);
      const user = await api.current();
      if (user) session.send({ type: 'user.updated', user });
    } catch (failure) {
      // Unless the shared HTTP client already showed it.
      if (!(failure instanceof ReportedError)) {
        notifier.notify({ level: 'error', title: zhCN.session.errorTitle, message: failure instanceof Error ? failure.message : String(failure) });
      }
      setSaving(false);
    }
  };

  const errorText = (key: ValidationKey | undefined) =>
    key === undefined ? '' : key === 'oldPasswordRequired' ? oldPasswordTexts.required : zhCN.validation[key];

  const fields: { field: PasswordField; label: string; autoComplete: string }[] = [
    { field: 'oldPassword', label: oldPasswordTexts.label, autoComplete: 'current-password' },
    { field: 'newPassword', label: text.newPassword, autoComplete: 'new-password' },
    { field: 'confirmPassword', label: text.confirmPassword, autoComplete: 'new-password' },
  ];

  return (
    <form className={className} onSubmit={submit} noValidate>
      {header}
      {fields.map(({ field, label, autoComplete }) => (
        <div key={field} className="auth-field" data-invalid={errors[field] !== undefined}>
          <label className="auth-field__label" htmlFor={`${id}-${field}`}>
            {label}
          </label>
          <input
            id={`${id}-${field}`}
            className="auth-input"
            type="password"
            name={field}
            autoComplete={autoComplete}
            maxLength={64}
            value={form[field]}
            onChange={(e) => setForm({ ...form, [field]: e.target.value })}
            onBlur={() => setErrors((current) => ({ ...current, [field]: validate(form)[field] }))}
          />
          <p className="auth-field__error" role={errors[field] ? 'alert' : undefined}>
            {errorText(errors[field])}
          </p>
        </div>
      ))}
      <button type="submit" className={submitClassName} disabled={saving}>
        {text.changePassword}
      </button>
      {actions}
    </form>
  );
}
