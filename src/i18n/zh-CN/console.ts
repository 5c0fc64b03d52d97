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
  },
} as const;
