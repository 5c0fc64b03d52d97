import { useCallback } from 'react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import * as zhCN from '../../i18n/zh-CN';

/** The copy directive as a hook: `copy(text)` writes to the clipboard and tells the reader what was copied. */
export function useCopy(): (text: string) => Promise<void> {
  const clipboard = useService(TOKENS.clipboard);
  const notifier = useService(TOKENS.notifier);
  return useCallback(
    async (text: string) => {
      if (!text) {
        console.warn(zhCN.copy.noTarget);
        return;
      }
      try {
        await clipboard.write(text);
        notifier.notify({ level: 'info', message: zhCN.copy.succeeded(text) });
      } catch {
        notifier.notify({ level: 'error', message: zhCN.copy.failed });
      }
    },
    [clipboard, notifier],
  );
}
