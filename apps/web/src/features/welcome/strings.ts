export const welcomeStrings = {
  heading: '欢迎来到青工委服务平台',
  intro: '注册成功！登录后即可参与 2024 青年创新榜申报，查看审核进度，了解青工委的最新动态。',
  toLogin: '去登录',
  toHome: '返回首页',
  points: ['在线申报，材料一次提交', '审核进度，随时查看', '结果通知，及时送达'],
} as const;
