import { ReportedError } from '../../../domain/account/account';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import * as zhCN from '../../../i18n/zh-CN';

/** Shows a failure unless the shared HTTP client already did. */
export function useFailureNotice() {
  const notifier = useService(TOKENS.notifier);
  return (error: unknown) => {
    if (error instanceof ReportedError) return;
    notifier.notify({
      level: 'error',
      title: zhCN.session.errorTitle,
      message: error instanceof Error ? error.message : String(error),
    });
  };
}
