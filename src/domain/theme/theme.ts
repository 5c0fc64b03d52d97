export type Theme = 'light' | 'dark';

export const THEMES: readonly Theme[] = ['light', 'dark'];

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** Reads a persisted value; anything unknown counts as "nothing stored". */
export function parseStoredTheme(raw: string | null | undefined): Theme | null {
  return isTheme(raw) ? raw : null;
}

export function oppositeTheme(theme: Theme): Theme {
  return theme === 'light' ? 'dark' : 'light';
}
