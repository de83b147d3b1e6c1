/** Messages of the proof-of-work challenge, shown to users. */
export const challengeStrings = {
  /** an address sending far more than a classroom would */
  busyAddress: '当前网络请求过多，请完成人机验证后重试',
  /** an account with many wrong passwords */
  attackedAccount: '该账号登录失败次数较多，请完成人机验证后重试',
  /** a solution that is forged, expired or already used */
  invalid: '人机验证已失效，请重新验证',
} as const;
