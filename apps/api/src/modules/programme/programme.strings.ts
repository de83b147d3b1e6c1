/** Messages of the programme feature, shown to users as toasts. */
export const programmeStrings = {
  noProgramme: '暂无申报活动',
  notInWindow: '当前不在申报时间内',
  themeUnknown: '所选主题不存在，请重新选择',
} as const;
