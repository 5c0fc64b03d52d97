import { RotateCw } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import * as zhCN from '../../../i18n/zh-CN';

/** Something could not load: say why (the server's message when there is one) and offer a retry. */
export function LoadFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <EmptyState text={error || zhCN.content.loadFailed} hint={zhCN.content.loadFailedHint}>
      <button type="button" className="button" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {zhCN.content.retry}
      </button>
    </EmptyState>
  );
}
