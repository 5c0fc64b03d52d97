import * as zhCN from '../../i18n/zh-CN';

export function Loading() {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{zhCN.shell.loading}</span>
    </div>
  );
}
