import * as zhCN from '../../../i18n/zh-CN';

const text = zhCN.consoleSite;

/** Where a list stands before it can be shown: read, or refused (with a way to ask again). */
export function ListState({ loading, error, onRetry }: { loading: boolean; error: string | null; onRetry: () => void }) {
  if (error !== null) {
    return (
      <div className="site-console__state" role="alert">
        <p>{text.loadFailed(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {text.retry}
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="site-console__state" role="status" aria-live="polite">
        <span className="loading__spinner" aria-hidden="true" />
        <span className="visually-hidden">{zhCN.loading}</span>
      </div>
    );
  }
  return null;
}
