import { apiPaths } from '../api-paths.js';
import {
  ZConsoleMyAssignmentsRequest,
  ZConsoleMyAssignmentsResponse,
  ZConsoleReviewDraftRequest,
  ZConsoleReviewDraftResponse,
  ZConsoleReviewDraftSaveRequest,
  ZConsoleReviewDraftSaveResponse,
} from '../console-review-desk.js';
import type { OperationCatalogue } from './define.js';

/**
 * The reviewer's desk in the console (console-review-desk.ts): their own assignments with progress,
 * and the draft of the score sheet they are typing. `console`: the service answers each caller
 * about their own assignments and drafts only.
 */
export const consoleReviewDeskOperations = {
  consoleMyAssignments: {
    method: 'GET',
    path: apiPaths.consoleMyAssignments,
    request: ZConsoleMyAssignmentsRequest,
    response: ZConsoleMyAssignmentsResponse,
    access: 'console',
    summary: '我的评审任务：分配给本人、仍在评审中的申报（按分配顺序），及已评/总数',
  },
  consoleReviewDraft: {
    method: 'GET',
    path: apiPaths.consoleReviewDraft,
    request: ZConsoleReviewDraftRequest,
    response: ZConsoleReviewDraftResponse,
    access: 'console',
    summary: '读取本人对一份申报的评审草稿（仅作者本人；须仍分配给本人且在评审中）',
  },
  consoleReviewDraftSave: {
    method: 'POST',
    path: apiPaths.consoleReviewDraftSave,
    request: ZConsoleReviewDraftSaveRequest,
    response: ZConsoleReviewDraftSaveResponse,
    access: 'console',
    summary: '自动保存评审草稿（可不完整；提交评审后删除）',
  },
} satisfies OperationCatalogue;
