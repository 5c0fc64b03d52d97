import { localised } from '../language';

/** The console's 统计 page and its CSV downloads (issue 23). */
export const consoleStats = localised('consoleStats', {
  title: '统计',
  intro: '本站自己统计的访问数据：不用第三方、不设跟踪 Cookie、不保存访客地址；开启“请勿跟踪”的访客、爬虫和管理员本人不计入。',
  range: '时间范围',
  ranges: { 7: '最近 7 天', 30: '最近 30 天', 90: '最近 90 天' } as Record<number, string>,
  totals: {
    views: '浏览量',
    visitors: '访客（按日去重）',
    chatMessages: '聊天消息',
    songsPlayed: '歌曲播放',
  },
  charts: {
    traffic: '浏览量与访客',
    chat: '每日聊天消息',
    songs: '每日歌曲播放',
  },
  chartLabel: (title: string) => `${title}折线图`,
  download: '下载 CSV',
  downloadDaily: '下载每日数据 CSV',
  empty: '这段时间还没有数据',
  tables: {
    articles: { title: '最常阅读的文章', item: '文章' },
    landings: { title: '着陆页', item: '页面' },
    referrers: { title: '来源网站', item: '来源' },
    searches: { title: '站内搜索词', item: '搜索词' },
    devices: { title: '设备', item: '设备' },
    browsers: { title: '浏览器', item: '浏览器' },
    songs: { title: '播放的歌曲', item: '歌曲' },
  },
  columns: { views: '次数', visitors: '访客' },
  csv: {
    day: '日期',
    views: '次数',
    visitors: '访客',
    chatMessages: '聊天消息',
    songsPlayed: '歌曲播放',
  },
  devices: { desktop: '电脑', mobile: '手机', tablet: '平板' },
  other: '其他',
  deletedArticle: '（已删除的文章）',
  unknownSong: (id: string) => `（歌曲 ${id}）`,
  server: {
    invalidRange: '统计范围只能是最近 7 天、30 天或 90 天',
    unknownTable: '没有这张统计表',
    invalidPath: '页面地址无效',
  },
} as const);
