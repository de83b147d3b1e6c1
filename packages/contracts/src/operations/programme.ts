import { z } from 'zod';
import { apiPaths } from '../api-paths.js';
import { ZGetCurrentStatusResponse, ZGetThemesResponse } from '../applications-api.js';
import type { OperationCatalogue } from './define.js';

/** These reads take no input (the fixed fields the web adds are stripped). */
const ZNoInput = z.object({});

/** The current programme, public: its phase and dates, and the themes works are entered under (read before logging in). */
export const programmeOperations = {
  getCurrentStatus: {
    method: 'GET',
    path: apiPaths.getCurrentStatus,
    request: ZNoInput,
    response: ZGetCurrentStatusResponse,
    access: 'public',
    summary: '2024 申报活动的阶段与时间（未开始 / 申报中 / 评审中 / 结果公布 / 已结束）',
  },
  getThemes: {
    method: 'GET',
    path: apiPaths.getThemes,
    request: ZNoInput,
    response: ZGetThemesResponse,
    access: 'public',
    summary: '作品申报的主题',
  },
} satisfies OperationCatalogue;
