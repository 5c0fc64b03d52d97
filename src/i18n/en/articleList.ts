import type { Translation } from '../translation';
import type { articleList as zh } from '../zh-CN/articleList';

/** The article list by category or tag. */
export const articleList = {
  byCategory: (name: string) => `Category · ${name}`,
  byTag: (name: string) => `Tag · ${name}`,
  chooseFilter: 'Choose a category or tag',
  chooseFilterHint: 'Open a category or tag to see its articles',
} as const satisfies Translation<typeof zh>;
