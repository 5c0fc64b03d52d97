import { localised } from '../language';

/** The blogroll and its application form. */
export const links = localised('links', {
  title: '小伙伴们',
  count: (n: number) => `${n} 位`,
  empty: '还没有友链',
  apply: '申请友链',
  applyHint: '欢迎交换友链！填写你的网站信息，站长审核通过后就会出现在上面。',
  loginToApply: '登录后才能申请友链',
  name: '网站名称',
  namePlaceholder: '例如：听雨小筑',
  url: '网站地址',
  avatar: '头像地址（可不填）',
  description: '网站描述（可不填）',
  descriptionPlaceholder: '一句话介绍你的网站',
  submit: '提交申请',
  pending: '申请已提交，等待站长审核',
  failed: '提交失败，请稍后再试',
  nameRequired: '请输入网站名称',
  urlInvalid: '网站地址应以 http:// 或 https:// 开头',
  avatarInvalid: '头像地址应以 http:// 或 https:// 开头',
} as const);
