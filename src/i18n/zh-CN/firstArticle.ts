import { localised } from '../language';

/** What the administrator sees instead of 过些日子再来看看吧 on an empty blog. */
export const firstArticle = localised('firstArticle', {
  hint: '把已有的 Markdown 文章（Hexo、Hugo、Jekyll 均可）导入进来：在服务器上的博客目录里运行',
  command: 'npm run import -- <文章目录>',
} as const);
