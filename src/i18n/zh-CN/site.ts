import { localised } from '../language';

export const site = localised('site', {
  defaultName: '个人博客',
  /** A site's settings before its blogger has set any: the first start without the demo content. */
  defaults: {
    name: '我的博客',
    author: '博主',
    motto: '记录生活，分享所学。',
    typedMottos: ['写下想说的话，留给以后的自己。', '慢慢来，比较快。', '把学到的东西讲清楚，就是最好的复习。'],
    notice: '欢迎来到我的博客！',
  },
} as const);
