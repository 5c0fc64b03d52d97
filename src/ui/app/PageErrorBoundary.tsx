import { Component, type ReactNode } from 'react';
import * as zhCN from '../../i18n/zh-CN';

/** A page that fails to load or render shows a calm message, never a stack. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-error" role="alert">
        <p>{zhCN.shell.lazyLoadFailed}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {zhCN.contextMenu.refresh}
        </button>
      </div>
    );
  }
}
