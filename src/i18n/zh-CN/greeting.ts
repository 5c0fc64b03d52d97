import { localised } from '../language';

export const greeting = localised('greeting', {
  periods: {
    earlyHours: '凌晨好',
    morning: '早上好',
    forenoon: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '傍晚好',
    night: '晚上好',
    lateNight: '夜深了',
  },
  anonymous: (period: string) => `${period}，欢迎来到我的个人博客！`,
  named: (period: string, name: string) => `${period}，${name}，欢迎回来！`,
  special: (period: string, name: string) => `${period}，${name}，最特别的你，今天也要开心呀！`,
  welcomeTitle: '欢迎',
} as const);
