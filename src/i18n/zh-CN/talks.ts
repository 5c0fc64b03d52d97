import { localised } from '../language';

/** The talks (说说): the list, one talk, its likes and comments. */
export const talks = localised('talks', {
  empty: '还没有说说',
  all: '查看全部说说',
  permalink: '单独查看',
  image: (n: number) => `查看第 ${n} 张配图`,
  /** The like button's name: what it does, then the count it shows (`shown`, as the button writes it). */
  likeName: (liked: boolean, shown: string) => `${liked ? '取消点赞' : '点赞这条说说'}，${shown} 人点赞`,
  comments: (n: number) => `评论 ${n}`,
  hideComments: '收起评论',
} as const);
