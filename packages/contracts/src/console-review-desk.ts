import { z } from 'zod';
import { ZApplicationKind } from './applications.js';
import { adminLimits } from './console-access.js';
import { ZConsoleId, ZConsoleReviewRequest, ZReviewRecommendation } from './console-review.js';

/**
 * The reviewer's desk: what one reviewer works through (their own assignments, in a stable order,
 * with how many are done) and the score sheet they are half way through (a draft, saved as they
 * type, read back on any device, gone once the review is submitted). Every operation needs a
 * console-verified session; drafts are the author's alone and exist only while the application is
 * assigned to them and under review.
 */

// ---- my assignments: GET consoleMyAssignments ------------------------------------------------------

export const ZConsoleMyAssignmentsRequest = z.object({});

export const ZConsoleMyAssignment = z.object({
  applicationId: z.string(),
  kind: ZApplicationKind,
  /** blind-safe: in blind review a neutral label instead of a person's or company's name */
  title: z.string(),
  /** the caller has submitted a review of it against the kind's current rubric version */
  reviewed: z.boolean(),
  /** the caller's review was scored against an older rubric version: 需重新评分 (not counted as done) */
  needsRescore: z.boolean(),
  /** the caller has an unsubmitted draft of it */
  hasDraft: z.boolean(),
});
export type ConsoleMyAssignment = z.infer<typeof ZConsoleMyAssignment>;

/**
 * The caller's assignments on applications still with the reviewers (submitted, under review), in
 * the order they were assigned (ties by application id): 上一份 / 下一份 walk this list. `done`
 * counts the reviewed ones. Someone with no assignments (an admin, usually) gets an empty list.
 */
export const ZConsoleMyAssignmentsResponse = z.object({
  items: z.array(ZConsoleMyAssignment),
  done: z.number().int(),
  total: z.number().int(),
});
export type ConsoleMyAssignmentsResponse = z.infer<typeof ZConsoleMyAssignmentsResponse>;

// ---- drafts: GET consoleReviewDraft, POST consoleReviewDraftSave ------------------------------------

export const ZConsoleReviewDraftRequest = z.object({ applicationId: ZConsoleId });

/** A score sheet not yet submitted: any part may still be missing. */
export const ZConsoleReviewDraft = z.object({
  applicationId: z.string(),
  /** criterionId → score, only the criteria scored so far */
  scores: z.record(z.string(), z.number()),
  recommendation: ZReviewRecommendation.nullable(),
  commentToApplicant: z.string(),
  privateNote: z.string(),
  savedAt: z.string(),
});
export type ConsoleReviewDraft = z.infer<typeof ZConsoleReviewDraft>;

/** null: no draft (or the application is no longer open to the caller's review). */
export const ZConsoleReviewDraftResponse = z.object({ draft: ZConsoleReviewDraft.nullable() });
export type ConsoleReviewDraftResponse = z.infer<typeof ZConsoleReviewDraftResponse>;

/**
 * Replaces the caller's draft. The review's limits, partial allowed: each score given must be a
 * criterion of the kind's rubric within 0..maxScore (halves allowed); the recommendation may be
 * left out; the texts have the review's maximum lengths.
 */
export const ZConsoleReviewDraftSaveRequest = ZConsoleReviewRequest.pick({
  applicationId: true,
  commentToApplicant: true,
  privateNote: true,
}).extend({
  scores: z
    .record(z.string().max(64), z.number().finite())
    .refine((s) => Object.keys(s).length <= adminLimits.rubric.criteria, { error: `评分项最多${adminLimits.rubric.criteria}个` })
    .default({}),
  recommendation: ZReviewRecommendation.nullable().optional(),
});
export type ConsoleReviewDraftSaveRequest = z.input<typeof ZConsoleReviewDraftSaveRequest>;
export const ZConsoleReviewDraftSaveResponse = z.object({ savedAt: z.string() });
export type ConsoleReviewDraftSaveResponse = z.infer<typeof ZConsoleReviewDraftSaveResponse>;
