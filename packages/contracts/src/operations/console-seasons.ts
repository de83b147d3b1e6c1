import { apiPaths } from '../api-paths.js';
import {
  ZConsoleSeasonCreateRequest, ZConsoleSeasonCreateResponse, ZConsoleSeasonMakeCurrentRequest, ZConsoleSeasonMakeCurrentResponse,
  ZConsoleSeasonsRequest, ZConsoleSeasonsResponse,
} from '../console-seasons.js';
import type { OperationCatalogue } from './define.js';

/** Seasons in 评选设置 (admins past the second factor). */
export const consoleSeasonOperations = {
  consoleSeasons: {
    method: 'GET',
    path: apiPaths.consoleSeasons,
    request: ZConsoleSeasonsRequest,
    response: ZConsoleSeasonsResponse,
    access: 'admin',
    summary: '届次：每一届的年份、阶段、是否当前届与申报数',
  },
  consoleSeasonCreate: {
    method: 'POST',
    path: apiPaths.consoleSeasonCreate,
    request: ZConsoleSeasonCreateRequest,
    response: ZConsoleSeasonCreateResponse,
    access: 'admin',
    summary: '以已有一届为底创建新一届（主题、评分标准及版本、评选设置、顺延一年的日期；不含申报与评审）',
  },
  consoleSeasonMakeCurrent: {
    method: 'POST',
    path: apiPaths.consoleSeasonMakeCurrent,
    request: ZConsoleSeasonMakeCurrentRequest,
    response: ZConsoleSeasonMakeCurrentResponse,
    access: 'admin',
    summary: '设为当前届（留痕；当前届评审中须填写原因）',
  },
} as const satisfies OperationCatalogue;
