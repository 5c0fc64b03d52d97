import { useId } from 'react';

/**
 * The account's password, asked again before something that needs it (removing a passkey, the second step's
 * management, re-authentication): one field, so password managers offer the saved password everywhere.
 */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  error = '',
  autoFocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; '' when the field is fine. */
  error?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="auth-field" data-invalid={error !== ''}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="auth-input"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={64}
        autoFocus={autoFocus}
        value={value}
        aria-invalid={error !== ''}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="auth-field__error" role={error !== '' ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  );
}
