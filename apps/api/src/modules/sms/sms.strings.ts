/** Messages of the SMS verification codes: toasts for the person, and the text a code goes out in. */
export const smsStrings = {
  codeInvalid: '验证码错误或已失效',
  codeDead: '验证码错误次数过多，请重新获取',
  tooSoon: (seconds: number) => `验证码已发送，请${seconds}秒后再获取`,
  dailyLimit: '该手机号今日获取验证码次数已达上限，请明天再试',
  unavailable: '短信服务暂不可用，请稍后再试',
  /** the whole text where the provider takes text (the HTTP gateway); template providers take only the code */
  text: (signName: string | undefined, code: string, minutes: number) =>
    `${signName ? `【${signName}】` : ''}您的验证码是${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`,
} as const;
