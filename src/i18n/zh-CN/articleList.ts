import { localised } from '../language';

/** The article list by category or tag. */
export const articleList = localised('articleList', {
  byCategory: (name: string) => `分类 · ${name}`,
  byTag: (name: string) => `标签 · ${name}`,
  chooseFilter: '请选择一个分类或标签',
  chooseFilterHint: '从分类或标签进入，就能看到对应的文章',
} as const);
