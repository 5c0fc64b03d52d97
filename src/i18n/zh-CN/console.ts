/** The console's own words: its frame and navigation. Each area's words are in its own console* file. */
export const console = {
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
} as const;
