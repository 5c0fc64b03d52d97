import { localised } from '../language';

export const theme = localised('theme', {
  light: '浅色模式',
  dark: '深色模式',
  switchTo: (mode: string) => `切换到${mode}`,
} as const);
