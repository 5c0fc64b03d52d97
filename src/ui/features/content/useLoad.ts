import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

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
 */
export function useLoad<T>(key: string, load: () => Promise<T>): LoadState<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ key: '', attempt: -1, data: undefined, error: null });
  const [attempt, setAttempt] = useState(0);
  const settled = useRef<{ key: string; attempt: number } | null>(null);
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
  const answered = answer.key === key && answer.attempt === attempt;
  return { data: answer.data, error: answered ? answer.error : null, loading: !answered, reload };
}
