/** 2025-01-31 → 2025年1月31日 */
const dateText = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/** Messages of the programme feature, shown to users as toasts. */
export const programmeStrings = {
  noProgramme: '暂无申报活动',
  notInWindow: '当前不在申报时间内',
  themeUnknown: '所选主题不存在，请重新选择',
  /** the ID number's holder is outside the programme's age range; names the range and the day it is counted on */
  ageIneligible: (age: number, minAge: number, maxAge: number, onDate: string) =>
    `本活动面向${minAge}–${maxAge}周岁的青年（年龄按身份证号计算至${dateText(onDate)}），您届时${age}周岁，不符合申报条件`,
} as const;
