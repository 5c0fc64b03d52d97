/** The persisted "static state" of spec section 3: reading preferences restored at start. */
export const PREVIEW_THEMES = ['default', 'github', 'vuepress', 'mk-cute', 'smart-blue', 'cyanosis'] as const;
export const CODE_THEMES = ['atom', 'a11y', 'github', 'gradient', 'kimbie', 'paraiso', 'qtcreator', 'stackoverflow'] as const;

export type PreviewTheme = (typeof PREVIEW_THEMES)[number];
export type CodeTheme = (typeof CODE_THEMES)[number];

export interface Preferences {
  previewTheme: PreviewTheme;
  codeTheme: CodeTheme;
  /** Message board shown as cards (true) or as a plain list. */
  messageCards: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { previewTheme: 'default', codeTheme: 'atom', messageCards: true };

/** Accepts whatever was stored (possibly by an older version) and keeps only valid choices. */
export function restorePreferences(stored: unknown): Preferences {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<keyof Preferences, unknown>>;
  return {
    previewTheme: (PREVIEW_THEMES as readonly unknown[]).includes(value.previewTheme)
      ? (value.previewTheme as PreviewTheme)
      : DEFAULT_PREFERENCES.previewTheme,
    codeTheme: (CODE_THEMES as readonly unknown[]).includes(value.codeTheme)
      ? (value.codeTheme as CodeTheme)
      : DEFAULT_PREFERENCES.codeTheme,
    messageCards: typeof value.messageCards === 'boolean' ? value.messageCards : DEFAULT_PREFERENCES.messageCards,
  };
}
