import type { Translation } from '../translation';
import type { notFound as zh } from '../zh-CN/notFound';

export const notFound = {
  title: '404',
  message: 'The page you’re looking for has blown away',
  goHome: 'Back to home',
} as const satisfies Translation<typeof zh>;
