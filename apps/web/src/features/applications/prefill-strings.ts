/**
 * Texts of a new application's start: the details filled in, the last application's answers
 * offered. Apart from strings.ts, which the first screens load: these load with the forms only.
 */
export const prefillStrings = {
  prefilled: '已根据您的账号和以往申报填入部分信息，请核对，可修改',
  previousOffer: '沿用上次填写的内容？',
  previousOfferHint: (sentOn: string | null) => `将填入您${sentOn ? `于 ${sentOn} ` : '上次'}提交的申报内容（照片等附件需重新上传），可再修改`,
  previousAccept: '沿用',
  previousDecline: '不用了',
  prefillFailed: '未能填入您的资料，可直接填写或重试',
  prefillRetry: '重试',
} as const;
