import type { Translation } from '../translation';
import type { language as zh } from '../zh-CN/language';

/** The header's language switch: each language is named in itself (中 / EN), whatever the interface. */
export const language = {
  label: 'Language',
  chinese: '中',
  chineseName: '中文',
  english: 'EN',
  englishName: 'English',
} as const satisfies Translation<typeof zh>;
