export const server = {
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
} as const;
