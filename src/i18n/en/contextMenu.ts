import type { Translation } from '../translation';
import type { contextMenu as zh } from '../zh-CN/contextMenu';

export const contextMenu = {
  label: 'Quick menu',
  refresh: 'Reload page',
  back: 'Back',
  forward: 'Forward',
  copyLink: 'Copy link',
  toLight: 'Switch to light mode',
  toDark: 'Switch to dark mode',
  addLink: 'Join the blogroll',
  randomArticle: 'Random article',
  allCategories: 'All categories',
  linkCopied: 'Link copied to clipboard',
  noArticleIds: 'No articles to pick from',
} as const satisfies Translation<typeof zh>;
