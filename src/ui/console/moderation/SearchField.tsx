import { useId } from 'react';

interface SearchFieldProps {
  label: string;
  value: string;
  placeholder: string;
  /** Takes the row's spare width (the one main field of a search). */
  wide?: boolean;
  onChange: (value: string) => void;
}

/** One text field of a list's search (see SearchForm). */
export function SearchField({ label, value, placeholder, wide = false, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <label className={`console-field${wide ? ' mod-search__wide' : ''}`} htmlFor={id}>
      {label}
      <input id={id} type="search" value={value} placeholder={placeholder} maxLength={50} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
