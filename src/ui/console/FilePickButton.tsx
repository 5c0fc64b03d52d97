import { useId, type ReactNode } from 'react';

interface Props {
  /** The button's visible content (an icon and its words). */
  children: ReactNode;
  accept: string;
  multiple?: boolean;
  className?: string;
  /** The files chosen; the input is cleared at once, so choosing the same file again is a change too. */
  onFiles: (files: File[]) => void;
}

/** A button that opens the file chooser: a label styled as a button over a hidden file input. */
export function FilePickButton({ children, accept, multiple = false, className = 'button', onFiles }: Props) {
  const inputId = useId();
  return (
    <>
      <label className={className} htmlFor={inputId}>
        {children}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
