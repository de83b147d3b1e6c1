import { apiPaths } from '../api-paths.js';
import { ZConsoleRankingRequest, ZConsoleRankingResponse, ZConsoleRankingStageRequest, ZConsoleRankingStageResponse } from '../console-ranking.js';
import type { OperationCatalogue } from './define.js';

/** The ranking (排名) and staging from it (拟定入选): admins past the second factor. */
export const consoleRankingOperations = {
  consoleRanking: {
    method: 'GET',
    path: apiPaths.consoleRanking,
    request: ZConsoleRankingRequest,
    response: ZConsoleRankingResponse,
    access: 'admin',
    summary: '排名：某类别（作品可按主题）按评审平均分排名，并列同名次，按名额画出入选线',
  },
  consoleRankingStage: {
    method: 'POST',
    path: apiPaths.consoleRankingStage,
    request: ZConsoleRankingStageRequest,
    response: ZConsoleRankingStageResponse,
    access: 'admin',
    summary: '拟定入选：入选线以上拟定通过（可选：线下拟定不通过），逐项按拟定结论的规则处理',
  },
} as const satisfies OperationCatalogue;
