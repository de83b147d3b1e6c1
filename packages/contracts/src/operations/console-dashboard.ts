import { apiPaths } from '../api-paths.js';
import { ZConsoleDashboardRequest, ZConsoleDashboardResponse } from '../console-dashboard.js';
import type { OperationCatalogue } from './define.js';

/** The console's 概览 (admins past the second factor). */
export const consoleDashboardOperations = {
  consoleDashboard: {
    method: 'GET',
    path: apiPaths.consoleDashboard,
    request: ZConsoleDashboardRequest,
    response: ZConsoleDashboardResponse,
    access: 'admin',
    summary: '概览：本届每日提交、类别 × 状态、地区、评审进度与平均分分布',
  },
} as const satisfies OperationCatalogue;
