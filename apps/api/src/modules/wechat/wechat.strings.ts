/** Messages of the WeChat binding feature, shown to users as toasts. */
export const wechatStrings = {
  notConfigured: '当前未配置微信授权',
  stateInvalid: '授权已失效，请重新授权',
  codeInvalid: '微信授权码无效或已使用，请重新授权',
  unavailable: '微信服务暂时不可用，请稍后重试',
  snapshotUser: '请在微信中打开完整页面后再授权',
  openidTaken: '该微信已绑定其他账号',
  foreignPage: '只能为本站页面签名',
} as const;
