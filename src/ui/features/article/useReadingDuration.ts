import { useEffect } from 'react';
import { startReading, pauseReading, resumeReading, takeReadingSeconds } from '../../../domain/content/reading';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/**
 * Reports the time the article was actually on screen: when the tab is hidden (which is also what
 * happens before it is closed) and when the reader leaves the article.
 */
export function useReadingDuration(articleId: number | null): void {
  const api = useService(TOKENS.contentApi);
  const clock = useService(TOKENS.clock);

  useEffect(() => {
    if (articleId === null) return;
    let reading = startReading(clock.now(), document.visibilityState === 'visible');
    const report = () => {
      const taken = takeReadingSeconds(reading, clock.now());
      reading = taken.clock;
      if (taken.seconds > 0) void api.addReadingDuration(articleId, taken.seconds).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        report();
        reading = pauseReading(reading, clock.now());
      } else {
        reading = resumeReading(reading, clock.now());
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      report();
    };
  }, [articleId, api, clock]);
}
