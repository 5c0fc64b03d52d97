import { useCallback, useEffect, useState } from 'react';
import type { StatsRange, StatsReport } from '../../../domain/console/stats/stats';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';
import { useService } from '../../di';

interface Answer {
  /** Which read answered (range and attempt): a newer read is loading while this differs from the current one. */
  key: string;
  report: StatsReport | null;
  failed: boolean;
}

/** The report of the chosen range, read again when the range changes or on `retry`; the last one stays shown meanwhile. */
export function useStats(range: StatsRange): { report: StatsReport | null; loading: boolean; failed: boolean; retry: () => void } {
  const api = useService(CONSOLE_TOKENS.statsApi);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer>({ key: '', report: null, failed: false });
  const key = `${range}:${attempt}`;

  useEffect(() => {
    let live = true;
    api.report(range).then(
      (report) => live && setAnswer({ key, report, failed: false }),
      () => live && setAnswer((last) => ({ key, report: last.report, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [api, range, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const loading = answer.key !== key;
  return { report: answer.report, loading, failed: !loading && answer.failed, retry };
}
