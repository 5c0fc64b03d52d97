import type { Translation } from '../translation';
import type { greeting as zh } from '../zh-CN/greeting';

export const greeting = {
  periods: {
    earlyHours: 'Still up',
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good afternoon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
    night: 'Good evening',
    lateNight: 'It’s getting late',
  },
  anonymous: (period: string) => `${period}! Welcome to my blog.`,
  named: (period: string, name: string) => `${period}, ${name}! Welcome back.`,
  special: (period: string, name: string) => `${period}, ${name}! You’re one of a kind. Have a lovely day!`,
  welcomeTitle: 'Welcome',
} as const satisfies Translation<typeof zh>;
