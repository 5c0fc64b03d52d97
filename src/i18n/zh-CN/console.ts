import { localised } from '../language';

/** The console's own words: its frame and navigation. Each area's words are in its own console* file. */
export const console = localised('console', {
  title: '控制台',
  navigation: '控制台导航',
  openMenu: '打开菜单',
  closeMenu: '关闭菜单',
  backToSite: '返回网站',
  signedInAs: '当前登录',
  pageNotFound: '控制台里没有这个页面',
  backToOverview: '回到概览',
  /** The dismissing button of every console dialog. */
  cancel: '取消',
  /** A list that could not be read, and the button that asks again. */
  loadFailed: (reason: string) => `加载失败：${reason}`,
  retry: '重试',
  /** Every console list's pager (a section may count its own way: 共 N 篇). */
  pager: {
    total: (count: number) => `共 ${count} 条`,
    page: (current: number, pages: number) => `第 ${current} / ${pages} 页`,
    previousPage: '上一页',
    nextPage: '下一页',
  },
  /** What a screen reader hears while any console list is put in order with the keyboard (src/ui/console/Sortable.tsx). */
  sortable: {
    instructions: '按空格键或回车键拿起，用方向键移动，再按空格键或回车键放下；按 Esc 键取消。',
    pickedUp: (name: string, position: number, total: number) =>
      `已拿起「${name}」，在第 ${position} 位，共 ${total} 项。`,
    movedTo: (name: string, position: number, total: number) => `「${name}」移到第 ${position} 位，共 ${total} 项。`,
    outside: (name: string) => `「${name}」不在列表上。`,
    droppedAt: (name: string, position: number, total: number) =>
      `「${name}」已放在第 ${position} 位，共 ${total} 项。`,
    dropped: (name: string) => `「${name}」已放下。`,
    cancelled: (name: string) => `已取消移动，「${name}」回到原位。`,
  },
  nav: {
    overview: '概览',
    articles: '文章',
    talks: '说说',
    albums: '相册',
    taxonomy: '分类标签',
    site: '网站设置',
    links: '友链',
    resources: '资源',
    siteList: '网站导航',
    transfer: '导入导出',
    comments: '评论',
    chat: '聊天室',
    board: '留言板',
    users: '用户',
    notices: '通知',
  },
} as const);
