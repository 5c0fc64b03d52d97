import * as zhCN from '../../../i18n/zh-CN';

export interface UploadState {
  id: number;
  name: string;
  /** 0–1. */
  fraction: number;
}

/** One progress bar per picture on its way to the server. */
export function UploadProgress({ uploads }: { uploads: readonly UploadState[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="upload-progress" aria-live="polite">
      {uploads.map((upload) => (
        <li key={upload.id}>
          <span className="upload-progress__name">{zhCN.consoleArticles.upload.uploading(upload.name)}</span>
          <span
            className="console-progress"
            role="progressbar"
            aria-label={upload.name}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(upload.fraction * 100)}
          >
            <span style={{ width: `${Math.round(upload.fraction * 100)}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
