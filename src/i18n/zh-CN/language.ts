import { localised } from '../language';

/** The header's language switch: each language is named in itself (中 / EN), whatever the interface. */
export const language = localised('language', {
  label: '界面语言',
  chinese: '中',
  chineseName: '中文',
  english: 'EN',
  englishName: 'English',
} as const);
