import { localised } from '../language';

export const http = localised('http', {
  friendlyReminder: '温馨提示',
  errorTip: '错误提示',
  tip: '提示',
  warmTip: '温馨提示',
  loginExpired: '登录已过期，请重新登录',
  forbidden: '权限不足',
  interfaceNotFound: '接口不存在',
  serverError: '服务器错误',
  networkError: '网络连接失败，请检查网络',
  timeout: '请求超时，请稍后重试',
} as const);
