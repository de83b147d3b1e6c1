import { z } from 'zod';
import { ZConsoleStageDecisionRequest } from './console-decisions.js';
import { reviewLimits, ZConsoleId } from './console-review.js';
import { ZAssignmentPair } from './console-review-assign.js';
import { ZConsoleQueueFilter } from './console-review-queue.js';

/**
 * The admin's queue at a desk, acting on many applications at once (docs/requirements.md#review):
 * everything a filter matches, bulk unassignment and bulk staging. Each bulk operation answers per
 * application; the single-item rules (decisions, assignments) apply to every one of them.
 */

const ZApplicationIds = z
  .array(ZConsoleId)
  .min(1, { error: '请选择申报' })
  .max(reviewLimits.assignBatch.applications, { error: `一次最多${reviewLimits.assignBatch.applications}条` });

// ---- GET consoleQueueIds (admin) -------------------------------------------------------------------

/** The queue's filters (consoleQueue's, without ordering and paging). */
export const ZConsoleQueueIdsRequest = ZConsoleQueueFilter;
export type ConsoleQueueIdsRequest = z.infer<typeof ZConsoleQueueIdsRequest>;
export const ZConsoleQueueIdsResponse = z.object({
  /** the matching applications' ids, newest change first, at most reviewLimits.selectAll */
  ids: z.array(z.string()),
  /** how many applications the filter matches */
  total: z.number().int(),
  /** more match than `ids` holds */
  capped: z.boolean(),
});
export type ConsoleQueueIdsResponse = z.infer<typeof ZConsoleQueueIdsResponse>;

// ---- POST consoleUnassignMany (admin) --------------------------------------------------------------

/** Every listed reviewer off every listed application; reviews already sent stay on record. */
export const ZConsoleUnassignManyRequest = z.object({
  applicationIds: ZApplicationIds,
  reviewerIds: z
    .array(ZConsoleId)
    .min(1, { error: '请选择评审' })
    .max(reviewLimits.assignBatch.reviewers, { error: `一次最多${reviewLimits.assignBatch.reviewers}位评审` }),
});
export type ConsoleUnassignManyRequest = z.infer<typeof ZConsoleUnassignManyRequest>;
export const ZConsoleUnassignManyResponse = z.object({
  removed: z.array(ZAssignmentPair),
  /** not assigned: nothing to do */
  unchanged: z.array(ZAssignmentPair),
});
export type ConsoleUnassignManyResponse = z.infer<typeof ZConsoleUnassignManyResponse>;

// ---- POST consoleDecisionStageMany (admin) ---------------------------------------------------------

/**
 * One decision staged for many applications. No version: each is staged on its current version, if
 * it is still open to a decision; every other rule of consoleDecisionStage applies to each
 * (a reason for reject and return, the kind's minimum of reviews unless `override` says why, a
 * return only while the applicant can still resubmit). Answered per application.
 */
const single = ZConsoleStageDecisionRequest.shape;
export const ZConsoleStageManyRequest = z
  .object({ applicationIds: ZApplicationIds, decision: single.decision, reason: single.reason, override: single.override })
  .superRefine((v, ctx) => {
    // the single request's own rule (a reason for reject and return), with a stand-in id and version
    const one = ZConsoleStageDecisionRequest.safeParse({ ...v, applicationId: 'x', version: 0 });
    if (!one.success) for (const issue of one.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type ConsoleStageManyRequest = z.input<typeof ZConsoleStageManyRequest>;
export const ZStageManyRefusal = z.object({
  applicationId: z.string(),
  /** the code the single staging would answer (NOT_FOUND, APPLICATION_STATE, REVIEWS_TOO_FEW, …) */
  code: z.number().int(),
  /** a sentence for the admin */
  reason: z.string(),
});
export type StageManyRefusal = z.infer<typeof ZStageManyRefusal>;
export const ZConsoleStageManyResponse = z.object({
  staged: z.array(z.object({ applicationId: z.string(), version: z.number().int() })),
  refused: z.array(ZStageManyRefusal),
});
export type ConsoleStageManyResponse = z.infer<typeof ZConsoleStageManyResponse>;
