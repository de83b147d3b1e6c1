/** Messages of the seasons feature, shown to admins as toasts. */
export const seasonsStrings = {
  notFound: '该届次不存在',
  yearTaken: (year: number) => `${year}年的届次已存在`,
  inReview: '当前届正在评审中，切换前请填写原因',
  noCurrent: '暂无当前届',
} as const;
