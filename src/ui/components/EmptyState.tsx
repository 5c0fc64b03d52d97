import { Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import * as zhCN from '../../i18n/zh-CN';
import './components.css';

/** What a list shows when it has nothing yet: a calm sentence and an optional action. */
export function EmptyState({ text = zhCN.empty.generic, hint = zhCN.empty.hint, children }: {
  text?: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <Sprout />
      </span>
      <p className="empty-state__text">{text}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {children}
    </div>
  );
}
