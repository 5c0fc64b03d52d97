import { localised } from '../language';

export const server = localised('server', {
  siteNotConfigured: '站点尚未初始化',
  invalidJson: '请求内容不是合法的 JSON',
  invalidRequest: '请求参数有误',
  bodyTooLarge: '请求内容过大',
  notFound: '接口不存在',
  methodNotAllowed: '不支持该请求方法',
  rateLimited: '请求过于频繁，请稍后再试',
  unexpected: '服务器开小差了，请稍后再试',
  unsupportedMediaType: '不支持的请求内容类型',
  invalidCharacters: '请求内容包含无效字符',
  illFormedText: '请求内容包含残缺的 Unicode 字符（孤立的代理项），请检查后重试',
  nestedTooDeep: '请求内容嵌套层级过深',
  imageNotFound: '图片不存在',
  imageWidthUnsupported: '不支持该图片宽度',
  serviceUnavailable: '服务暂时不可用，请稍后再试',
  databaseTimeout: '服务器繁忙，请求超时，请稍后再试',
  diskFull: '服务器存储空间已满，暂时无法保存，请稍后再试',
  notReady: (names: string) => `服务未就绪：${names} 无应答`,
  dependencyNames: { database: '数据库', redis: 'Redis', media: '媒体存储' },
  metricsForbidden: '无权读取监控指标：请带上正确的 Authorization: Bearer 令牌',
} as const);
