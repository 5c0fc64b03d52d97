import { localised } from '../language';

/** The installable app (manifest), its offline page and the new-version bar (issue 25). */
export const pwa = localised('pwa', {
  appName: '听雨小筑',
  shortName: '听雨',
  description: '一个安静的个人博客：文章、音乐与聊天室',
  offline: {
    title: '离线',
    heading: '你现在处于离线状态',
    message: '这篇文章还没有在本机保存，连上网络后再打开就能阅读。',
    readable: '这些文章已经保存在本机，离线也能阅读：',
    nothingSaved: '本机还没有保存任何文章，联网时打开过的文章会自动保存。',
    home: '回到首页',
    retry: '重新加载',
  },
  update: {
    available: '有新版本',
    reload: '刷新',
    later: '稍后',
  },
} as const);
