import {
  apiPaths,
  consoleReviewDeskOperations as desk,
  consoleReviewOperations as o,
  programmeOperations,
  ZConsoleAssignCsvResponse,
  type ConsoleAssignCsvResponse,
} from '@qgw/contracts';
import { unwrap, upload } from '../../../../lib/request.js';

/** Reviewing and decisions (the contracts' catalogue): every call needs a console-verified session (second factor done). */
export const reviewOps = {
  queue: o.consoleQueue,
  queueIds: o.consoleQueueIds,
  unassignMany: o.consoleUnassignMany,
  stageMany: o.consoleDecisionStageMany,
  application: o.consoleApplication,
  reveal: o.consoleReveal,
  themes: programmeOperations.getThemes,
  reviewers: o.consoleReviewers,
  assign: o.consoleAssign,
  assignAuto: o.consoleAssignAuto,
  conflict: o.consoleConflict,
  review: o.consoleReview,
  stage: o.consoleDecisionStage,
  unstage: o.consoleDecisionUnstage,
  staged: o.consoleDecisionsStaged,
  preview: o.consoleDecisionPreview,
  release: o.consoleDecisionRelease,
  deliveries: o.consoleDeliveries,
  myAssignments: desk.consoleMyAssignments,
  draft: desk.consoleReviewDraft,
  saveDraft: desk.consoleReviewDraftSave,
};

/** The assignment CSV goes up as a multipart file; every row comes back with its outcome. */
export async function uploadAssignCsv(file: File): Promise<ConsoleAssignCsvResponse> {
  return unwrap(await upload(apiPaths.consoleAssignCsv, file, 'file', file.name), ZConsoleAssignCsvResponse);
}

export const reviewKeys = {
  all: ['console', 'review'] as const,
  queue: (filters: object) => ['console', 'review', 'queue', filters] as const,
  queueIds: (filters: object) => ['console', 'review', 'queueIds', filters] as const,
  application: (id: string) => ['console', 'review', 'application', id] as const,
  staged: ['console', 'review', 'staged'] as const,
  reviewers: ['console', 'review', 'reviewers'] as const,
  themes: ['console', 'review', 'themes'] as const,
  deliveries: (filters: object) => ['console', 'review', 'deliveries', filters] as const,
  myAssignments: ['console', 'review', 'myAssignments'] as const,
  draft: (id: string) => ['console', 'review', 'draft', id] as const,
};
