/** Messages of console sign-in (second factor), shown to reviewers and admins as toasts. */
export const consoleAccessStrings = {
  mfaRequired: '请先完成动态验证码验证',
  mfaExpired: '验证已过期，请重新输入动态验证码',
  alreadyEnrolled: '已绑定身份验证器，请直接输入动态验证码',
  notEnrolled: '尚未绑定身份验证器，请先完成绑定',
  noPendingEnrollment: '请先获取绑定二维码',
  codeInvalid: '动态验证码错误或已使用，请等待下一个验证码',
  recoveryInvalid: '恢复码错误或已使用',
  locked: (minutes: number) => `验证码错误次数过多，请${minutes}分钟后再试`,
} as const;
