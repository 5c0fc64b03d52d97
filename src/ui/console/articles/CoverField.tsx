import { ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { safeUrl } from '../../features/content/format';
import { UploadProgress } from './UploadProgress';
import { useImageUploads } from './useImageUploads';

const text = zhCN.consoleArticles.editor;

/** 封面: the picture (uploaded with a progress bar), or a button to upload one. */
export function CoverField({ cover, disabled, onChange }: { cover: string; disabled: boolean; onChange: (cover: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const { uploads, upload } = useImageUploads();
  const src = safeUrl(cover);
  const pick = async (files: FileList | null) => {
    const [url] = await upload(Array.from(files ?? []).slice(0, 1));
    if (url) onChange(url);
  };
  return (
    <div className="console-field cover-field">
      <span>{text.cover}</span>
      {src ? <img className="cover-field__image" src={src} alt={text.coverAlt} /> : <div className="cover-field__empty" aria-hidden="true" />}
      <UploadProgress uploads={uploads} />
      <div className="cover-field__actions">
        <button type="button" className="button" disabled={disabled || uploads.length > 0} onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {src ? text.coverReplace : text.coverUpload}
        </button>
        {cover !== '' && (
          <button type="button" className="button" disabled={disabled} onClick={() => onChange('')}>
            <X aria-hidden="true" />
            {text.coverRemove}
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void pick(event.target.files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
