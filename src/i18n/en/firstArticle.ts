import type { Translation } from '../translation';
import type { firstArticle as zh } from '../zh-CN/firstArticle';

/** What the administrator sees instead of "check back soon" on an empty blog. */
export const firstArticle = {
  hint: 'Bring in your existing Markdown posts (from Hexo, Hugo or Jekyll): in the blog’s folder on the server, run',
  command: 'npm run import -- <posts folder>',
} as const satisfies Translation<typeof zh>;
