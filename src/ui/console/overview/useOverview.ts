import { useCallback, useEffect, useState } from 'react';
import { startOfDay, type Overview } from '../../../domain/console/overview/overview';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

/** The overview, read when the page opens and again on `retry`; `failed` once a read did not answer. */
export function useOverview(): { overview: Overview | null; failed: boolean; retry: () => void } {
  const api = useService(CONSOLE_TOKENS.overviewConsoleApi);
  const clock = useService(TOKENS.clock);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    api.overview(startOfDay(new Date(clock.now()))).then(
      (found) => live && setOverview(found),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, clock, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { overview, failed, retry };
}
