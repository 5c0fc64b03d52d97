import * as zhCN from '../../i18n/zh-CN';

const text = zhCN.console;

interface ListStatusProps {
  loading: boolean;
  /** Some answer is on screen already: a later read keeps it instead of a spinner. */
  shown?: boolean;
  error: string | null;
  /** Nothing to show: `emptyText` says so (once read). */
  empty?: boolean;
  emptyText?: string;
  onRetry: () => void;
}

/** Where a list stands: being read (when nothing is shown yet), refused with a way to ask again, or empty. */
export function ListStatus({ loading, shown = false, error, empty = false, emptyText = '', onRetry }: ListStatusProps) {
  if (error !== null) {
    return (
      <div className="console-state" role="alert">
        <p>{text.loadFailed(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {text.retry}
        </button>
      </div>
    );
  }
  if (loading && !shown) {
    return (
      <div className="console-state" role="status" aria-live="polite">
        <span className="loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">{zhCN.shell.loading}</span>
      </div>
    );
  }
  if (empty && !loading) return <p className="console-state">{emptyText}</p>;
  return null;
}
