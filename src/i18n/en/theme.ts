import type { Translation } from '../translation';
import type { theme as zh } from '../zh-CN/theme';

export const theme = {
  light: 'Light mode',
  dark: 'Dark mode',
  /** `mode` is a theme's name: Light mode or Dark mode. */
  switchTo: (mode: string) => `Switch to ${mode.toLowerCase()}`,
} as const satisfies Translation<typeof zh>;
