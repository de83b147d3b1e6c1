/** Every user-facing sentence of the assignment matrix and reviewer reminders, in one place. */

import { beijingMonthDayTime } from '@qgw/contracts';

/** 06/20 14:05 in Beijing time, as the console shows times. */
export const beijingTime = (iso: string): string => beijingMonthDayTime(iso, '/');

export const assignmentMatrixStrings = {
  reviewerUnknown: '评审不存在或已停用',
  nothingPending: '该评审没有待评的申报，无需提醒',
  remindTooSoon: (next: string) => `每位评审每小时只能提醒一次，请于 ${beijingTime(next)}（北京时间）后再试`,
  /** the in-app notice: what is waiting, and where */
  reminderBody: (pending: number, admin: string) =>
    `您有 ${pending} 份申报尚待评审，请尽快登录管理后台的「评审队列」完成评审。（${admin} 提醒）`,
  /** WeChat template fields, beside the notice's title */
  wechatSubject: '待评审申报',
  wechatOutcome: (pending: number) => `${pending} 份待评审`,
  /** SMS: what is waiting, not which applications (those stay behind the login) */
  smsText: (pending: number) => `【青工委服务平台】您有 ${pending} 份申报尚待评审，请尽快登录管理后台完成评审。`,
  /** an application's applicant in the matrix when no name was given */
  noName: '未填写姓名',
} as const;
