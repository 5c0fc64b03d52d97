import type { UploadItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleShowcase;

/** What an upload is doing, in words. */
export function uploadStatusText(item: UploadItem): string {
  switch (item.status) {
    case 'waiting':
      return text.waiting;
    case 'uploading':
      return text.uploadingPercent(Math.round(item.progress * 100));
    case 'done':
      return text.uploaded;
    case 'failed':
      return text.uploadFailed(item.error);
  }
}

/** One file's progress: a bar (an ARIA progressbar) and its state in words. */
export function UploadProgressBar({ item }: { item: UploadItem }) {
  const percent = Math.round(item.progress * 100);
  const words = uploadStatusText(item);
  return (
    <div className="upload-progress" data-status={item.status}>
      <div
        className="console-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        aria-label={item.name || words}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="upload-progress__text">{words}</span>
    </div>
  );
}
