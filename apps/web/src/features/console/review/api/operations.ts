import {
  apiPaths,
  ZConsoleApplicationRequest,
  ZConsoleApplicationResponse,
  ZConsoleAssignAutoRequest,
  ZConsoleAssignCsvResponse,
  ZConsoleAssignRequest,
  ZConsoleAssignResponse,
  ZConsoleConflictRequest,
  ZConsoleConflictResponse,
  ZConsoleDecisionPreviewRequest,
  ZConsoleDecisionPreviewResponse,
  ZConsoleDeliveriesRequest,
  ZConsoleDeliveriesResponse,
  ZConsoleQueueRequest,
  ZConsoleQueueResponse,
  ZConsoleReleaseRequest,
  ZConsoleReleaseResponse,
  ZConsoleRevealRequest,
  ZConsoleRevealResponse,
  ZConsoleReviewersRequest,
  ZConsoleReviewersResponse,
  ZConsoleReviewRequest,
  ZConsoleReviewResponse,
  ZConsoleStagedDecisionsRequest,
  ZConsoleStagedDecisionsResponse,
  ZConsoleStageDecisionRequest,
  ZConsoleStageDecisionResponse,
  ZConsoleUnstageDecisionRequest,
  ZConsoleUnstageDecisionResponse,
  ZGetThemesResponse,
  type ConsoleAssignCsvResponse,
} from '@qgw/contracts';
import { z } from 'zod';
import { defineOperation, unwrap, upload } from '../../../../lib/request.js';

/** Reviewing and decisions: every call needs a console-verified session (second factor done). */
export const reviewOps = {
  queue: defineOperation({ method: 'GET', path: apiPaths.consoleQueue, request: ZConsoleQueueRequest, response: ZConsoleQueueResponse }),
  application: defineOperation({ method: 'GET', path: apiPaths.consoleApplication, request: ZConsoleApplicationRequest, response: ZConsoleApplicationResponse }),
  reveal: defineOperation({ method: 'POST', path: apiPaths.consoleReveal, request: ZConsoleRevealRequest, response: ZConsoleRevealResponse }),
  themes: defineOperation({ method: 'GET', path: apiPaths.getThemes, request: z.object({}), response: ZGetThemesResponse }),
  reviewers: defineOperation({ method: 'GET', path: apiPaths.consoleReviewers, request: ZConsoleReviewersRequest, response: ZConsoleReviewersResponse }),
  assign: defineOperation({ method: 'POST', path: apiPaths.consoleAssign, request: ZConsoleAssignRequest, response: ZConsoleAssignResponse }),
  assignAuto: defineOperation({ method: 'POST', path: apiPaths.consoleAssignAuto, request: ZConsoleAssignAutoRequest, response: ZConsoleAssignResponse }),
  conflict: defineOperation({ method: 'POST', path: apiPaths.consoleConflict, request: ZConsoleConflictRequest, response: ZConsoleConflictResponse }),
  review: defineOperation({ method: 'POST', path: apiPaths.consoleReview, request: ZConsoleReviewRequest, response: ZConsoleReviewResponse }),
  stage: defineOperation({ method: 'POST', path: apiPaths.consoleDecisionStage, request: ZConsoleStageDecisionRequest, response: ZConsoleStageDecisionResponse }),
  unstage: defineOperation({ method: 'POST', path: apiPaths.consoleDecisionUnstage, request: ZConsoleUnstageDecisionRequest, response: ZConsoleUnstageDecisionResponse }),
  staged: defineOperation({ method: 'GET', path: apiPaths.consoleDecisionsStaged, request: ZConsoleStagedDecisionsRequest, response: ZConsoleStagedDecisionsResponse }),
  preview: defineOperation({ method: 'GET', path: apiPaths.consoleDecisionPreview, request: ZConsoleDecisionPreviewRequest, response: ZConsoleDecisionPreviewResponse }),
  release: defineOperation({ method: 'POST', path: apiPaths.consoleDecisionRelease, request: ZConsoleReleaseRequest, response: ZConsoleReleaseResponse }),
  deliveries: defineOperation({ method: 'GET', path: apiPaths.consoleDeliveries, request: ZConsoleDeliveriesRequest, response: ZConsoleDeliveriesResponse }),
};

/** The assignment CSV goes up as a multipart file; every row comes back with its outcome. */
export async function uploadAssignCsv(file: File): Promise<ConsoleAssignCsvResponse> {
  return unwrap(await upload(apiPaths.consoleAssignCsv, file, 'file', file.name), ZConsoleAssignCsvResponse);
}

export const reviewKeys = {
  all: ['console', 'review'] as const,
  queue: (filters: object) => ['console', 'review', 'queue', filters] as const,
  application: (id: string) => ['console', 'review', 'application', id] as const,
  staged: ['console', 'review', 'staged'] as const,
  reviewers: ['console', 'review', 'reviewers'] as const,
  themes: ['console', 'review', 'themes'] as const,
  deliveries: (filters: object) => ['console', 'review', 'deliveries', filters] as const,
};
