import { z } from 'zod';
import { ZApplicationStatus } from './applications.js';

/**
 * The review console, reviewing (docs/requirements.md#roles, docs/requirements.md#lifecycle): the
 * queue, one application in detail, revealing personal data (audited), assignment and reviews.
 * This file holds what the console's contract files share (ids, free text, limits, outcomes, the
 * rubric) and the reviewer's own submissions: a review and a declared conflict of interest. The
 * queue is in console-review-queue.ts, one application and its reveals in
 * console-review-application.ts, assignment in console-review-assign.ts; decisions, notifications,
 * the delivery log and exports in console-decisions.ts.
 * Every console endpoint needs a console-verified session (reviewer or admin, second factor done;
 * refusals as in console-access.ts). Besides: a reviewer asking about an application that is not
 * assigned to them gets HTTP 403 with Code.NOT_ASSIGNED (whether or not it exists).
 */

/** Record ids are generated (UUIDs, url-safe tokens): nothing else can name one. */
export const ZConsoleId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: '编号无效' });
const ZId = ZConsoleId;
/** Free text: line breaks and tabs are fine, other control characters (NUL above all) are not. */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const noControl = { error: '包含无效字符' } as const;
export const ZConsoleFreeText = () => z.string().refine((v) => !CONTROL.test(v), noControl);
const ZFreeText = ZConsoleFreeText;
/** Query strings carry numbers as text. */
export const ZConsoleQueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const reviewLimits = {
  page: { default: 20, max: 100 },
  /** applications or reviewers in one assignment request */
  assignBatch: { applications: 200, reviewers: 20 },
  /** reviewers per application in automatic assignment: up to targetReviewers.max, so 补足 can reach any kind's target */
  perApplication: { min: 1, max: 10 },
  /** data rows of an assignment CSV */
  csvRows: 2000,
  csvBytes: 256 * 1024,
  releaseBatch: 200,
  reason: { min: 2, max: 500 },
  comment: { max: 2000 },
  note: { max: 2000 },
  conflictReason: { min: 2, max: 200 },
  search: { max: 30 },
  /** ids one "select everything the filter matches" answers at most (consoleQueueIds) */
  selectAll: 2000,
  /**
   * completed reviews an application needs before an approve or reject decision may be staged
   * (per kind, 评选设置), unless the admin states why it is decided without them
   */
  minReviews: { default: 1, max: 20 },
  /** reviewers each application of a kind should have (评选设置); fewer shows as a coverage warning */
  targetReviewers: { default: 2, max: 10 },
  /** places a kind awards (评选设置): the ranking's cut line; 0 = no cut line */
  quota: { default: 0, max: 1000 },
  overrideReason: { min: 4, max: 200 },
} as const;

// ---- shared vocabulary -----------------------------------------------------------------------------

/** What a reviewer recommends and what an admin decides: the same three outcomes. */
export const reviewOutcomes = ['approve', 'reject', 'return'] as const;
export const ZReviewRecommendation = z.enum(reviewOutcomes, { error: '请选择评审建议' });
export type ReviewRecommendation = z.infer<typeof ZReviewRecommendation>;
export const ZDecision = z.enum(reviewOutcomes, { error: '请选择决定' });
export type Decision = z.infer<typeof ZDecision>;

/** The state an application takes when a decision is released. */
export const decisionStatus = {
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
} as const satisfies Record<Decision, z.infer<typeof ZApplicationStatus>>;

export const decisionLabels: Record<Decision, string> = {
  approve: '通过',
  reject: '不通过',
  return: '退回修改',
};

/** Outcomes that need a reason the applicant will read. */
export const decisionsNeedingReason: readonly Decision[] = ['reject', 'return'];

/** Only these are assigned, reviewed and decided. */
export const reviewableStatuses = ['submitted', 'under_review'] as const;

/** A score anchor: from this score up (to the next anchor's) the work is `label` (9 突出, 6 良好…). */
export const ZScoreAnchor = z.object({ score: z.number(), label: z.string() });
export type ScoreAnchor = z.infer<typeof ZScoreAnchor>;

/** One rubric criterion as the reviewer scores it (configured per kind in programme administration). */
export const ZReviewCriterion = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** relative weight in the total */
  weight: z.number(),
  /** a score is 0..maxScore */
  maxScore: z.number(),
  /** highest score first; may be empty */
  anchors: z.array(ZScoreAnchor),
});
export type ReviewCriterion = z.infer<typeof ZReviewCriterion>;

export const ZPersonRef = z.object({ id: z.string(), nickname: z.string() });
export type PersonRef = z.infer<typeof ZPersonRef>;

// ---- conflict of interest: POST consoleConflict ----------------------------------------------------

/** POST consoleConflict (reviewer): declares a conflict of interest; the assignment is removed (audited). */
export const ZConsoleConflictRequest = z.object({
  applicationId: ZId,
  reason: z
    .string({ error: '请填写回避原因' })
    .refine((v) => !CONTROL.test(v), noControl)
    .trim()
    .min(reviewLimits.conflictReason.min, { error: '请填写回避原因' })
    .max(reviewLimits.conflictReason.max, { error: `回避原因最多${reviewLimits.conflictReason.max}个字` }),
});
export type ConsoleConflictRequest = z.infer<typeof ZConsoleConflictRequest>;
export const ZConsoleConflictResponse = z.object({ applicationId: z.string(), declaredAt: z.string() });

// ---- review: POST consoleReview ------------------------------------------------------------------

export const ZConsoleReview = z.object({
  id: z.string(),
  reviewer: ZPersonRef,
  /** criterionId → score */
  scores: z.record(z.string(), z.number()),
  /** weighted total 0..100 */
  total: z.number(),
  recommendation: ZReviewRecommendation,
  commentToApplicant: z.string(),
  /** visible to its author and admins, never to the applicant */
  privateNote: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** the kind's rubric version it was scored against */
  rubricVersion: z.number().int(),
  /** scored against an older rubric version: left out of every mean until submitted again */
  needsRescore: z.boolean(),
});
export type ConsoleReview = z.infer<typeof ZConsoleReview>;

/** By an assigned reviewer while the application is under review; sending again replaces the review. */
export const ZConsoleReviewRequest = z.object({
  applicationId: ZId,
  /** criterionId → score in 0..maxScore, one for every criterion of the kind's rubric */
  scores: z.record(z.string().max(64), z.number().finite()),
  recommendation: ZReviewRecommendation,
  commentToApplicant: ZFreeText()
    .trim()
    .max(reviewLimits.comment.max, { error: `给申报人的意见最多${reviewLimits.comment.max}个字` })
    .default(''),
  privateNote: ZFreeText()
    .trim()
    .max(reviewLimits.note.max, { error: `内部备注最多${reviewLimits.note.max}个字` })
    .default(''),
});
export type ConsoleReviewRequest = z.input<typeof ZConsoleReviewRequest>;
export const ZConsoleReviewResponse = ZConsoleReview;
