import { use, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { onServerPage, usePageData } from '../../app/pageData';

export interface LoadState<T> {
  data: T | undefined;
  /** The last load failed (the HTTP layer has already told the reader why). */
  error: string | null;
  loading: boolean;
  reload: () => void;
}

interface Answer<T> {
  key: string;
  attempt: number;
  data: T | undefined;
  error: string | null;
}

/**
 * Loads data for a view. `key` names what is loaded: a new key loads again and an answer for an old
 * key is dropped. Data already shown stays while the next key loads, so a pager does not flash empty;
 * a page kept alive that becomes visible again does not reload what it has.
 *
 * Rendered on the server, the render waits for the load and the answer is embedded in the page; the
 * browser hydrates from that answer instead of loading it again. A load that failed on the server renders
 * as loading and is tried again in the browser.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): LoadState<T> {
  const { seed, collect } = usePageData();
  const [seeded] = useState(() => (onServerPage() && seed && key in seed.loads ? { data: seed.loads[key] as T } : null));
  const [answer, setAnswer] = useState<Answer<T>>(() =>
    seeded ? { key, attempt: 0, data: seeded.data, error: null } : { key: '', attempt: -1, data: undefined, error: null },
  );
  const [attempt, setAttempt] = useState(0);
  const settled = useRef<{ key: string; attempt: number } | null>(seeded ? { key, attempt: 0 } : null);
  const run = useEffectEvent(() => load());

  useEffect(() => {
    if (settled.current?.key === key && settled.current.attempt === attempt) return;
    let current = true;
    run().then(
      (data) => {
        if (!current) return;
        settled.current = { key, attempt };
        setAnswer({ key, attempt, data, error: null });
      },
      (error: unknown) => {
        if (!current) return;
        setAnswer((previous) => ({
          key,
          attempt,
          data: previous.data,
          error: error instanceof Error ? error.message : String(error),
        }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  if (collect) {
    const outcome = use(collect(key, load));
    return outcome.ok
      ? { data: outcome.data as T, error: null, loading: false, reload }
      : { data: undefined, error: null, loading: true, reload };
  }
  const answered = answer.key === key && answer.attempt === attempt;
  return { data: answer.data, error: answered ? answer.error : null, loading: !answered, reload };
}
