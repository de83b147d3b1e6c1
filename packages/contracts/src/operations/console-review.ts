import { apiPaths } from '../api-paths.js';
import {
  ZConsoleDecisionPreviewRequest,
  ZConsoleDecisionPreviewResponse,
  ZConsoleDeliveriesRequest,
  ZConsoleDeliveriesResponse,
  ZConsoleReleaseRequest,
  ZConsoleReleaseResponse,
  ZConsoleStageDecisionRequest,
  ZConsoleStageDecisionResponse,
  ZConsoleStagedDecisionsRequest,
  ZConsoleStagedDecisionsResponse,
  ZConsoleUnstageDecisionRequest,
  ZConsoleUnstageDecisionResponse,
} from '../console-decisions.js';
import {
  ZConsoleConflictRequest,
  ZConsoleConflictResponse,
  ZConsoleReviewRequest,
  ZConsoleReviewResponse,
} from '../console-review.js';
import {
  ZConsoleApplicationRequest,
  ZConsoleApplicationResponse,
  ZConsoleRevealRequest,
  ZConsoleRevealResponse,
} from '../console-review-application.js';
import {
  ZConsoleAssignAutoRequest,
  ZConsoleAssignRequest,
  ZConsoleAssignResponse,
  ZConsoleReviewersRequest,
  ZConsoleReviewersResponse,
  ZConsoleUnassignRequest,
  ZConsoleUnassignResponse,
} from '../console-review-assign.js';
import { ZConsoleQueueRequest, ZConsoleQueueResponse } from '../console-review-queue.js';
import {
  ZConsoleQueueIdsRequest,
  ZConsoleQueueIdsResponse,
  ZConsoleStageManyRequest,
  ZConsoleStageManyResponse,
  ZConsoleUnassignManyRequest,
  ZConsoleUnassignManyResponse,
} from '../console-queue.js';
import type { OperationCatalogue } from './define.js';

/**
 * Reviewing and decisions in the console. `console`: reviewers past the second factor (each sees what
 * is assigned to them; the service decides per application) and admins; `admin`: admins past the
 * second factor. The assignment CSV and the exports are not JSON operations (nonJsonRoutes).
 */
export const consoleReviewOperations = {
  consoleQueue: {
    method: 'GET',
    path: apiPaths.consoleQueue,
    request: ZConsoleQueueRequest,
    response: ZConsoleQueueResponse,
    access: 'console',
    summary: '评审队列：评审仅见分配给自己的申报，管理员见全部（可按时间、评审份数、均分、中位数、分差排序，游标分页）',
  },
  consoleQueueIds: {
    method: 'GET',
    path: apiPaths.consoleQueueIds,
    request: ZConsoleQueueIdsRequest,
    response: ZConsoleQueueIdsResponse,
    access: 'admin',
    summary: '符合筛选条件的全部申报编号及总数（有上限），用于“全选”',
  },
  consoleApplication: {
    method: 'GET',
    path: apiPaths.consoleApplication,
    request: ZConsoleApplicationRequest,
    response: ZConsoleApplicationResponse,
    access: 'console',
    summary: '申报详情（个人信息默认脱敏；盲评时评审看不到申报人）',
  },
  consoleReveal: {
    method: 'POST',
    path: apiPaths.consoleReveal,
    request: ZConsoleRevealRequest,
    response: ZConsoleRevealResponse,
    access: 'console',
    summary: '查看一项完整个人信息（写入审计日志）',
  },
  consoleAssign: {
    method: 'POST',
    path: apiPaths.consoleAssign,
    request: ZConsoleAssignRequest,
    response: ZConsoleAssignResponse,
    access: 'admin',
    summary: '手动分配评审',
  },
  consoleAssignAuto: {
    method: 'POST',
    path: apiPaths.consoleAssignAuto,
    request: ZConsoleAssignAutoRequest,
    response: ZConsoleAssignResponse,
    access: 'admin',
    summary: '自动分配评审（按当前负载轮流分配）',
  },
  consoleUnassign: {
    method: 'POST',
    path: apiPaths.consoleUnassign,
    request: ZConsoleUnassignRequest,
    response: ZConsoleUnassignResponse,
    access: 'admin',
    summary: '取消一项分配',
  },
  consoleUnassignMany: {
    method: 'POST',
    path: apiPaths.consoleUnassignMany,
    request: ZConsoleUnassignManyRequest,
    response: ZConsoleUnassignManyResponse,
    access: 'admin',
    summary: '批量取消分配（所列评审从所列申报中移除，逐项写入审计日志）',
  },
  consoleReviewers: {
    method: 'GET',
    path: apiPaths.consoleReviewers,
    request: ZConsoleReviewersRequest,
    response: ZConsoleReviewersResponse,
    access: 'admin',
    summary: '评审及其当前负载',
  },
  consoleConflict: {
    method: 'POST',
    path: apiPaths.consoleConflict,
    request: ZConsoleConflictRequest,
    response: ZConsoleConflictResponse,
    access: 'console',
    summary: '声明利益冲突并回避（取消本人的分配，写入审计日志）',
  },
  consoleReview: {
    method: 'POST',
    path: apiPaths.consoleReview,
    request: ZConsoleReviewRequest,
    response: ZConsoleReviewResponse,
    access: 'console',
    summary: '提交或修改评审（按评分标准加权计算总分）',
  },
  consoleDecisionStage: {
    method: 'POST',
    path: apiPaths.consoleDecisionStage,
    request: ZConsoleStageDecisionRequest,
    response: ZConsoleStageDecisionResponse,
    access: 'admin',
    summary: '暂存决定（不发布；带 version，两位管理员同时操作只有一位成功）',
  },
  consoleDecisionStageMany: {
    method: 'POST',
    path: apiPaths.consoleDecisionStageMany,
    request: ZConsoleStageManyRequest,
    response: ZConsoleStageManyResponse,
    access: 'admin',
    summary: '批量暂存同一决定（逐项适用单项暂存的规则，逐项返回结果）',
  },
  consoleDecisionUnstage: {
    method: 'POST',
    path: apiPaths.consoleDecisionUnstage,
    request: ZConsoleUnstageDecisionRequest,
    response: ZConsoleUnstageDecisionResponse,
    access: 'admin',
    summary: '撤销暂存的决定',
  },
  consoleDecisionsStaged: {
    method: 'GET',
    path: apiPaths.consoleDecisionsStaged,
    request: ZConsoleStagedDecisionsRequest,
    response: ZConsoleStagedDecisionsResponse,
    access: 'admin',
    summary: '待发布的决定',
  },
  consoleDecisionPreview: {
    method: 'GET',
    path: apiPaths.consoleDecisionPreview,
    request: ZConsoleDecisionPreviewRequest,
    response: ZConsoleDecisionPreviewResponse,
    access: 'admin',
    summary: '预览申报人将收到的通知',
  },
  consoleDecisionRelease: {
    method: 'POST',
    path: apiPaths.consoleDecisionRelease,
    request: ZConsoleReleaseRequest,
    response: ZConsoleReleaseResponse,
    access: 'admin',
    summary: '批量发布决定（expectedCount 须与所选数量一致），并通知申报人',
  },
  consoleDeliveries: {
    method: 'GET',
    path: apiPaths.consoleDeliveries,
    request: ZConsoleDeliveriesRequest,
    response: ZConsoleDeliveriesResponse,
    access: 'admin',
    summary: '微信模板消息与短信的发送记录',
  },
} satisfies OperationCatalogue;
