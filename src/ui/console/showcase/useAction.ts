import { useCallback } from 'react';
import { ReportedError } from '../../../domain/account/account';
import { LIST_ACTION_NOTICE_MS } from '../../../ports/notifier';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/**
 * Runs one of the console's talk or album calls: a short toast when it is done, the server's reason when it
 * is refused (unless the HTTP client already showed one). Resolves to the call's answer, or undefined when it
 * failed; never rejects.
 */
export function useAction(): <T>(work: () => Promise<T>, done?: string) => Promise<T | undefined> {
  const notifier = useService(TOKENS.notifier);
  return useCallback(
    async <T>(work: () => Promise<T>, done?: string) => {
      try {
        const answer = await work();
        if (done) notifier.notify({ level: 'success', message: done, durationMs: LIST_ACTION_NOTICE_MS });
        return answer;
      } catch (error) {
        if (error instanceof Error && !(error instanceof ReportedError) && error.message)
          notifier.notify({ level: 'error', message: error.message });
        return undefined;
      }
    },
    [notifier],
  );
}
