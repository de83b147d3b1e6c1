/**
 * Texts of the programme's age range, apart from ../strings.ts (which the home screen loads) so
 * that only the person forms carry them.
 */

/** 2025-01-31 → 2025年1月31日 */
const dateText = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

export const ageRangeStrings = {
  hint: (minAge: number, maxAge: number, onDate: string) => `本活动面向${minAge}–${maxAge}周岁的青年，年龄按身份证号计算至${dateText(onDate)}`,
  ineligible: (age: number, minAge: number, maxAge: number, onDate: string) =>
    `本活动面向${minAge}–${maxAge}周岁的青年（年龄按身份证号计算至${dateText(onDate)}），您届时${age}周岁，不符合申报条件`,
} as const;
