import { localised } from '../language';

export const contextMenu = localised('contextMenu', {
  label: '快捷菜单',
  refresh: '刷新页面',
  back: '后退',
  forward: '前进',
  copyLink: '复制链接',
  toLight: '切换浅色模式',
  toDark: '切换深色模式',
  addLink: '添加友链',
  randomArticle: '随便逛逛',
  allCategories: '全部分类',
  linkCopied: '链接已复制到剪贴板',
  noArticleIds: '没有可用的文章 ID',
} as const);
