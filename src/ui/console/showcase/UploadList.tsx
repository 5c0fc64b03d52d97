import { RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import * as zhCN from '../../../i18n/zh-CN';
import { UploadProgressBar } from './UploadProgressBar';
import type { useUploads } from './useUploads';

const text = zhCN.consoleShowcase;

/**
 * Files on their way (photos to an album, songs to a playlist): one row per file, each with its own progress,
 * 重试 and 移除. A file without a picture to preview shows `icon` in the picture's place.
 */
export function UploadList({ uploads, icon }: { uploads: ReturnType<typeof useUploads>; icon?: ReactNode }) {
  if (uploads.items.length === 0) return null;
  const finished = uploads.items.filter((item) => item.status === 'done');
  return (
    <section className="console-card upload-list" aria-labelledby="upload-list-title">
      <div className="showcase-list-head">
        <h2 className="showcase-card-title" id="upload-list-title">
          {text.photos.uploads}
        </h2>
        {finished.length > 0 && (
          <button
            type="button"
            className="console-action"
            onClick={() => finished.forEach((item) => uploads.remove(item.id))}
          >
            {text.photos.clearFinished}
          </button>
        )}
      </div>
      <ul className="upload-list__items">
        {uploads.items.map((item) => (
          <li key={item.id} className="upload-row" data-status={item.status}>
            {uploads.previews.get(item.id) ? (
              <img className="upload-row__thumb" src={uploads.previews.get(item.id)} alt="" />
            ) : (
              icon && (
                <span className="upload-row__thumb upload-row__icon" aria-hidden="true">
                  {icon}
                </span>
              )
            )}
            <span className="upload-row__name">{item.name}</span>
            <UploadProgressBar item={item} />
            <span className="upload-row__actions">
              {item.status === 'failed' && (
                <button type="button" className="console-action" onClick={() => uploads.retry(item.id)}>
                  <RotateCcw aria-hidden="true" />
                  {text.retry}
                </button>
              )}
              {item.status !== 'done' && (
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => uploads.remove(item.id)}
                  aria-label={`${text.remove} ${item.name}`}
                >
                  <X aria-hidden="true" />
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
