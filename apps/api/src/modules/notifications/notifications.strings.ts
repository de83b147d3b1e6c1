/** Every user-facing sentence of notifications and outbound messages, in one place. */
export const notificationStrings = {
  notFound: '通知不存在',
  /** SMS and WeChat carry no reason or comments: those stay behind the login */
  smsText: (title: string, outcome: string) => `【青工委服务平台】您的申报「${title}」审核结果：${outcome}。详情请登录平台查看。`,
  wechatRemark: '详情请登录青工委服务平台查看。',
} as const;
