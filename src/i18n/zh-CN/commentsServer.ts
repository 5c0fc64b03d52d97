import { localised } from '../language';

/** Server texts of comments (issue 22): refusals, notifications, the reply email and the unsubscribe page. */
export const commentsServer = localised('commentsServer', {
  comment: '评论',
  article: '文章',
  talk: '说说',
  invalidTarget: '评论对象只能是文章或说说',
  invalidOrder: '排序只能是 newest 或 oldest',
  invalidCursor: '翻页位置必须是正整数',
  invalidPage: '页码必须是正整数',
  targetNotFound: (what: string) => `${what}不存在或暂不开放评论`,
  commentNotFound: '评论不存在或已删除',
  replyNotInTarget: '回复的评论不在这里',
  contentEmpty: '评论内容不能为空',
  contentTooLong: (max: number) => `评论内容不能超过 ${max} 个字符`,
  tooManyLinks: (max: number) => `一条评论最多只能包含 ${max} 个链接`,
  nickNameRequired: '请填写昵称',
  nickNameTooLong: (max: number) => `昵称不能超过 ${max} 个字符`,
  emailInvalid: '邮箱格式不正确',
  emailTooLong: (max: number) => `邮箱不能超过 ${max} 个字符`,
  siteInvalid: '网址必须以 http:// 或 https:// 开头',
  siteTooLong: (max: number) => `网址不能超过 ${max} 个字符`,
  visitorsClosed: '请先登录后再评论',
  tooFast: (limit: number) => `评论太频繁了，每分钟最多 ${limit} 条，请稍后再试`,
  duplicate: '不要重复发送相同的内容，请稍后再试',
  notYours: '只能删除自己的评论',
  likeIds: (max: number) => `一次最多查询 ${max} 条说说`,
  invalidStatus: '评论状态只能是待审核、已通过或垃圾',
  batchSize: (max: number) => `一次最多处理 ${max} 条评论`,
  keywordTooLong: (max: number) => `搜索内容不能超过 ${max} 个字符`,
  tooManyKeywords: (max: number) => `关键词最多 ${max} 个`,
  keywordEntryTooLong: (max: number) => `每个关键词不能超过 ${max} 个字符`,
  pageSize: (max: number) => `每页条数应在 1 到 ${max} 之间`,
  /** How a talk is named where a title belongs: the start of its text. */
  talkTitle: (excerpt: string) => `说说「${excerpt}」`,
  /** Notifications: plain text, the names and excerpts escaped by the server. */
  notify: {
    replied: (who: string, where: string, excerpt: string) => `${who} 回复了你在${where}下的评论：${excerpt}`,
    commented: (who: string, where: string, excerpt: string) => `${who} 评论了${where}：${excerpt}`,
    pending: (who: string, where: string, excerpt: string) => `${who} 在${where}下的评论等待审核：${excerpt}`,
    articleWhere: (title: string) => `文章《${title}》`,
    talkWhere: (excerpt: string) => `说说「${excerpt}」`,
  },
  /** The email telling a user of a reply (text and HTML carry the same words). */
  mail: {
    subject: (siteName: string, who: string) => `【${siteName}】${who} 回复了你的评论`,
    greeting: (nickName: string) => `${nickName}，你好：`,
    body: (who: string, where: string) => `${who} 在${where}下回复了你的评论。`,
    yours: '你的评论：',
    reply: '回复内容：',
    open: '查看回复',
    unsubscribeNote: '不想再收到回复提醒？',
    unsubscribe: '退订邮件提醒',
    footer: (siteName: string) => `这封邮件由「${siteName}」自动发出，请勿直接回复。`,
  },
  /** The small page the unsubscribe link answers. */
  unsubscribe: {
    title: '邮件提醒',
    done: '已退订：以后有人回复你的评论时，不会再发邮件给你。你可以随时在个人中心重新开启邮件提醒。',
    invalid: '这个退订链接无效或已过期（邮箱可能已经修改）。请在个人中心的邮件提醒开关里管理。',
    home: '返回首页',
  },
  account: {
    emailInvalid: '邮箱格式不正确',
    emailTooLong: (max: number) => `邮箱不能超过 ${max} 个字符`,
    emailRequired: '开启邮件提醒前请先填写邮箱',
  },
  /** Issue 49: an article whose comments the blogger closed. */
  commentsClosed: '博主已关闭这篇文章的评论',
});
