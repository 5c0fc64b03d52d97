import { useCallback } from 'react';
import { ReportedError } from '../../../domain/account/account';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/**
 * Runs one of the console's article calls: a short toast when it is done, the server's reason when it is
 * refused (unless the HTTP client already showed one). Resolves whether it worked; never rejects.
 */
export function useArticleAction(): <T>(work: () => Promise<T>, done: string | ((result: T) => string)) => Promise<boolean> {
  const notifier = useService(TOKENS.notifier);
  return useCallback(
    async <T,>(work: () => Promise<T>, done: string | ((result: T) => string)) => {
      try {
        const result = await work();
        const message = typeof done === 'string' ? done : done(result);
        notifier.notify({ level: 'success', message, durationMs: LIST_ACTION_NOTICE_MS });
        return true;
      } catch (error) {
        if (error instanceof Error && !(error instanceof ReportedError) && error.message)
          notifier.notify({ level: 'error', message: error.message });
        return false;
      }
    },
    [notifier],
  );
}
