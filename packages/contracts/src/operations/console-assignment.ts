import { apiPaths } from '../api-paths.js';
import {
  ZConsoleAssignmentMatrixRequest,
  ZConsoleAssignmentMatrixResponse,
  ZConsoleMyReminderRequest,
  ZConsoleMyReminderResponse,
  ZConsoleRemindReviewerRequest,
  ZConsoleRemindReviewerResponse,
} from '../console-assignment.js';
import type { OperationCatalogue } from './define.js';

/**
 * The assignment matrix (分配评审): who reviews what, coverage against each kind's target, each
 * reviewer's progress, reminders. `admin` for the matrix and reminders; `console` for the
 * reviewer's own latest reminder (the banner on their console).
 */
export const consoleAssignmentOperations = {
  consoleAssignmentMatrix: {
    method: 'GET',
    path: apiPaths.consoleAssignmentMatrix,
    request: ZConsoleAssignmentMatrixRequest,
    response: ZConsoleAssignmentMatrixResponse,
    access: 'admin',
    summary: '分配矩阵：申报 × 评审（分配、已评、利益冲突），各类别评审人数覆盖，评审进度与最近活动',
  },
  consoleRemindReviewer: {
    method: 'POST',
    path: apiPaths.consoleRemindReviewer,
    request: ZConsoleRemindReviewerRequest,
    response: ZConsoleRemindReviewerResponse,
    access: 'admin',
    summary: '提醒评审（站内消息，并按配置发送短信、微信；每位评审每小时一次，写入审计日志）',
  },
  consoleMyReminder: {
    method: 'GET',
    path: apiPaths.consoleMyReminder,
    request: ZConsoleMyReminderRequest,
    response: ZConsoleMyReminderResponse,
    access: 'console',
    summary: '我最近一条未读的评审提醒（评审后台横幅；用 readNotification 标为已读）',
  },
} satisfies OperationCatalogue;
