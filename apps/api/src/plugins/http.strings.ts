/** Messages of the HTTP layer, shown to users as toasts. */
export const httpStrings = {
  unauthorized: '登录已失效，请重新登录',
  forbidden: '没有权限执行此操作',
  notFound: '请求的资源不存在',
  payloadTooLarge: '上传内容过大',
  unsupportedMediaType: '不支持的请求格式',
  rateLimited: '请求过于频繁，请稍后再试',
  /** a per-IP limit, with the wait Retry-After gives: seconds under two minutes, minutes beyond */
  rateLimitedFor: (seconds: number) =>
    seconds < 120 ? `操作过于频繁，请${Math.max(1, seconds)}秒后再试` : `操作过于频繁，请${Math.ceil(seconds / 60)}分钟后再试`,
  internal: '服务器开小差了，请稍后再试',
  unavailable: '服务暂时不可用，请稍后再试',
  badJson: '请求数据格式不正确',
  badRequest: '请求参数有误',
  webNotBuilt: '前端页面尚未构建：请先运行 npm run build，然后重新启动服务。',
} as const;
