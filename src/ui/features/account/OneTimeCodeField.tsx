import { useId } from 'react';

/**
 * A code from an authenticator app (or a recovery code): the field every second step asks with, so the
 * browser and password managers offer the code they hold (`one-time-code`) and phones show digits.
 */
export function OneTimeCodeField({
  label,
  value,
  onChange,
  error,
  placeholder,
  autoFocus = false,
  maxLength = 32,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; '' when the field is fine. */
  error: string;
  placeholder?: string;
  autoFocus?: boolean;
  maxLength?: number;
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
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus={autoFocus}
        placeholder={placeholder}
        maxLength={maxLength}
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
