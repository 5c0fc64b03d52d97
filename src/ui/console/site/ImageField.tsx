import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ReportedError } from '../../../domain/account/account';
import * as zhCN from '../../../i18n/zh-CN';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleSite;

interface ImageFieldProps {
  label: string;
  /** /media/… address, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** How the preview is shaped: an avatar or icon, or a wide picture. */
  shape?: 'round' | 'square' | 'wide';
  disabled?: boolean;
}

/** A picture of the form: its preview, 上传 (the server re-encodes it) and 移除. */
export function ImageField({ label, value, onChange, shape = 'square', disabled = false }: ImageFieldProps) {
  const api = useService(CONSOLE_TOKENS.siteConsoleApi);
  const notifier = useService(TOKENS.notifier);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const id = useId();

  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange(await api.uploadImage(file, file.name));
    } catch (error) {
      if (!(error instanceof ReportedError)) notifier.notify({ level: 'error', message: (error as Error).message });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="console-field site-image-field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>{label}</span>
      <div className="site-image-field__body">
        <div className="site-image-field__preview" data-shape={shape}>
          {value ? <img src={value} alt={label} /> : <span>{text.noImage}</span>}
        </div>
        <div className="site-image-field__buttons">
          <button type="button" className="button" disabled={disabled || uploading} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {uploading ? text.uploading : value ? text.replace : text.upload}
          </button>
          {value && (
            <button type="button" className="button" disabled={disabled || uploading} onClick={() => onChange('')}>
              <X aria-hidden="true" />
              {text.remove}
            </button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          hidden
          aria-label={`${label}：${text.upload}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
    </div>
  );
}
