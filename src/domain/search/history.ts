/** Spec section 9: about ten terms; above ten the oldest is dropped. */
export const SEARCH_HISTORY_LIMIT = 10;

/** The term as it is searched and remembered: surrounding blanks do not make a new term. */
export function normaliseTerm(term: string): string {
  return term.trim();
}

/**
 * Remembers a searched term: newest first, a repeated term moves to the front instead of appearing
 * twice, and the list never grows beyond the limit (the oldest falls off). Blank terms are ignored.
 */
export function rememberTerm(history: readonly string[], term: string): string[] {
  const value = normaliseTerm(term);
  if (value === '') return [...history];
  return [value, ...history.filter((existing) => existing !== value)].slice(0, SEARCH_HISTORY_LIMIT);
}

/** Accepts whatever was stored (maybe by an older version or by hand) and keeps a valid history. */
export function restoreHistory(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  const history: string[] = [];
  for (const item of stored) {
    if (typeof item !== 'string') continue;
    const value = normaliseTerm(item);
    if (value !== '' && !history.includes(value)) history.push(value);
    if (history.length === SEARCH_HISTORY_LIMIT) break;
  }
  return history;
}
