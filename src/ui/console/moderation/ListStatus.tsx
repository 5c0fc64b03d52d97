import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleModeration;

/** Where a list stands: being read (when nothing is shown yet), refused with a way to ask again, or empty. */
export function ListStatus({
  loading,
  shown,
  error,
  empty,
  emptyText,
  onRetry,
}: {
  loading: boolean;
  shown: boolean;
  error: string | null;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
}) {
  if (error !== null) {
    return (
      <div className="mod-state" role="alert">
        <p>{text.loadFailed(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {text.retry}
        </button>
      </div>
    );
  }
  if (loading && !shown) {
    return (
      <div className="mod-state" role="status" aria-live="polite">
        <span className="loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">{zhCN.loading}</span>
      </div>
    );
  }
  if (empty && !loading) return <p className="mod-state">{emptyText}</p>;
  return null;
}
