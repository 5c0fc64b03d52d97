import { useId } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Longest text, in characters. */
  max: number;
  hint?: string;
  required?: boolean;
  /** Several lines (the notice, the typed mottos). */
  rows?: number;
  type?: 'text' | 'url' | 'date';
  placeholder?: string;
  list?: string;
  disabled?: boolean;
}

/** A labelled text of a console form, with its hint under it. */
export function TextField({ label, value, onChange, max, hint, required, rows, type = 'text', placeholder, list, disabled }: TextFieldProps) {
  const id = useId();
  const common = {
    id,
    value,
    required,
    placeholder,
    disabled,
    'aria-describedby': hint ? `${id}-hint` : undefined,
  };
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea {...common} rows={rows} maxLength={max} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} maxLength={max} list={list} onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <small id={`${id}-hint`} className="site-field__hint">
          {hint}
        </small>
      )}
    </div>
  );
}
