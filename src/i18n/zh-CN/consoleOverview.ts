import { localised } from '../language';

/** The console's landing page, 概览 (issue 21). */
export const consoleOverview = localised('consoleOverview', {
  title: '概览',
  greeting: (name: string) => `欢迎回来，${name}`,
  loadFailed: '概览没有加载出来',
  retry: '重试',
  articles: '文章',
  articleStatus: {
    published: '已发布',
    draft: '草稿',
    scheduled: '定时发布',
    hidden: '已隐藏',
    trash: '回收站',
  } as Record<string, string>,
  talks: '说说',
  albums: '相册',
  photos: '照片',
  users: '用户',
  pendingLinks: '待审核友链',
  chatMessagesToday: '今日聊天消息',
  recent: '最近编辑的文章',
  noArticles: '还没有文章，写下第一篇吧',
  edit: '编辑',
  updatedAt: (when: string) => `更新于 ${when}`,
  allArticles: '全部文章',
  quickActions: '快捷操作',
  actions: {
    write: '写文章',
    talk: '发说说',
    photos: '上传照片',
    links: '审核友链',
    import: '导入文章',
    settings: '网站设置',
  },
  server: {
    invalidDayStart: '“今天”的起始时间无效',
  },
} as const);
