import type { Translation } from '../translation';
import type { http as zh } from '../zh-CN/http';

export const http = {
  friendlyReminder: 'Heads up',
  errorTip: 'Error',
  tip: 'Notice',
  warmTip: 'Heads up',
  loginExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You don’t have permission to do that',
  interfaceNotFound: 'That API endpoint doesn’t exist',
  serverError: 'Server error',
  networkError: 'Network error. Check your connection.',
  timeout: 'The request timed out. Please try again shortly.',
} as const satisfies Translation<typeof zh>;
