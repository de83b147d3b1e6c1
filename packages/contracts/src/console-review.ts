import { z } from 'zod';
import { ZApplicationKind, ZApplicationStatus } from './applications.js';
import { ZProgrammePhase, ZTimelineEntry } from './applications-api.js';
import { ZCursor, ZPageOf, ZQueryBool } from './content.js';

/**
 * The review console, reviewing (docs/requirements.md#roles, docs/requirements.md#lifecycle): the
 * queue, one application in detail, revealing personal data (audited), assignment and reviews.
 * Decisions, notifications, the delivery log and exports are in console-decisions.ts.
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
const ZQueryInt = ZConsoleQueryInt;

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

// ---- queue: GET consoleQueue ---------------------------------------------------------------------

/**
 * How the queue is ordered: updated (the default) and submitted by time; reviews by submitted reviews;
 * mean, median and spread (max − min) by the weighted totals of the submitted reviews, to the
 * hundredth. Applications without a figure come last either way; ties go by id, so pages are stable.
 * Reviewers may order by time only (scores and counts are admins' to see).
 */
export const queueSorts = ['updated', 'submitted', 'reviews', 'mean', 'median', 'spread'] as const;
export const ZQueueSort = z.enum(queueSorts, { error: '排序方式无效' });
export type QueueSort = z.infer<typeof ZQueueSort>;
/** the orderings reviewers may ask for */
export const reviewerQueueSorts: readonly QueueSort[] = ['updated', 'submitted'];
export const ZSortOrder = z.enum(['desc', 'asc'], { error: '排序方向无效' });
export type SortOrder = z.infer<typeof ZSortOrder>;

/** What narrows the queue: the page request's filters, also what consoleQueueIds selects by. */
export const ZConsoleQueueFilter = z.object({
  kind: ZApplicationKind.optional(),
  status: ZApplicationStatus.optional(),
  themeId: ZId.optional(),
  programmeId: ZId.optional(),
  /** applications of programmes currently in this phase */
  phase: ZProgrammePhase.optional(),
  /** admin only: applications assigned to this reviewer */
  reviewerId: ZId.optional(),
  /** admin only: true = no reviewer assigned yet */
  unassigned: ZQueryBool.optional(),
  /** admin only: true = a decision is staged */
  staged: ZQueryBool.optional(),
  q: ZFreeText().pipe(z.string().trim().max(reviewLimits.search.max)).optional(),
});
export type ConsoleQueueFilter = z.infer<typeof ZConsoleQueueFilter>;

/**
 * Reviewers see only the applications assigned to them; admins see every application that has
 * been submitted (drafts never). Ordered by `sort` (default updated) and `order` (default desc), id
 * breaking ties; keyset pagination (a cursor belongs to the ordering it was made for).
 * `q`: a name prefix, or a masked mobile 138****1234 (first 3 and last 4 digits of the owner's mobile).
 */
export const ZConsoleQueueRequest = ZConsoleQueueFilter.extend({
  sort: ZQueueSort.optional(),
  order: ZSortOrder.optional(),
  cursor: ZCursor.optional(),
  limit: ZQueryInt(1, reviewLimits.page.max).optional(),
});
export type ConsoleQueueRequest = z.infer<typeof ZConsoleQueueRequest>;

export const ZConsoleQueueItem = z.object({
  id: z.string(),
  kind: ZApplicationKind,
  status: ZApplicationStatus,
  version: z.number().int(),
  title: z.string(),
  /** null in blind mode (reviewers) */
  applicantName: z.string().nullable(),
  /** 138****1234; null in blind mode (reviewers) */
  mobileMasked: z.string().nullable(),
  /**
   * null when the kind has none. Shown to reviewers in blind review too (the organisation only, never
   * the name), so that a conflict of interest can be declared before the file is read.
   */
  organization: z.string().nullable(),
  programmeId: z.string().nullable(),
  themeId: z.string().nullable(),
  themeName: z.string().nullable(),
  /** the programme asks for blind review: reviewers see no name or mobile (the organisation, yes) */
  blind: z.boolean(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** reviewers assigned (admins see who; reviewers see an empty list) */
  reviewers: z.array(ZPersonRef),
  reviewCount: z.number().int(),
  /** weighted total 0..100, mean over submitted reviews; null before any (admins only, null for reviewers) */
  averageScore: z.number().nullable(),
  /** the caller has submitted a review of it against the kind's current rubric version */
  reviewedByMe: z.boolean(),
  /** the caller's review was scored against an older rubric version: 需重新评分 */
  rescoreByMe: z.boolean(),
  /** admins only; null for reviewers */
  stagedDecision: ZDecision.nullable(),
  /** reviewers assigned now (admins only; null for reviewers); with reviewCount: "2/3" */
  assignedCount: z.number().int().nullable(),
  /** median of the weighted totals; null before any review (admins only, null for reviewers) */
  medianScore: z.number().nullable(),
  /** highest minus lowest weighted total; null before any review (admins only, null for reviewers) */
  scoreSpread: z.number().nullable(),
});
export type ConsoleQueueItem = z.infer<typeof ZConsoleQueueItem>;
export const ZConsoleQueueResponse = ZPageOf(ZConsoleQueueItem);
export type ConsoleQueueResponse = z.infer<typeof ZConsoleQueueResponse>;

// ---- detail: GET consoleApplication ----------------------------------------------------------------

export const ZConsoleApplicationRequest = z.object({ id: ZId });
export type ConsoleApplicationRequest = z.infer<typeof ZConsoleApplicationRequest>;

export const ZConsoleFile = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  /** photo | work | license | video */
  purpose: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** short-lived signed URL; video supports range requests */
  url: z.string(),
});
export type ConsoleFile = z.infer<typeof ZConsoleFile>;

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

export const ZConsoleAssignment = z.object({
  reviewer: ZPersonRef,
  assignedAt: z.string(),
  /** manual | auto | csv */
  method: z.string(),
  reviewed: z.boolean(),
});
export type ConsoleAssignment = z.infer<typeof ZConsoleAssignment>;

export const ZStagedDecision = z.object({
  applicationId: z.string(),
  decision: ZDecision,
  reason: z.string(),
  stagedBy: ZPersonRef,
  stagedAt: z.string(),
});
export type StagedDecision = z.infer<typeof ZStagedDecision>;

/**
 * One application for the console. Personal data is masked: `data.idNumber` 1101**********1234,
 * `data.contactMobile` 138****1234; reveal them one at a time (audited). In blind mode reviewers get
 * neither the name, the mobiles nor the organisation (those fields are removed from `data`).
 */
export const ZConsoleApplicationResponse = z.object({
  id: z.string(),
  kind: ZApplicationKind,
  status: ZApplicationStatus,
  /** send it back when staging a decision */
  version: z.number().int(),
  title: z.string(),
  programmeId: z.string().nullable(),
  themeId: z.string().nullable(),
  themeName: z.string().nullable(),
  blind: z.boolean(),
  applicant: z.object({
    name: z.string().nullable(),
    mobileMasked: z.string().nullable(),
    organization: z.string().nullable(),
  }),
  /** the form, masked as above */
  data: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timeline: z.array(ZTimelineEntry),
  /** file id → signed URL for every file the form refers to (img/video src) */
  fileUrls: z.record(z.string(), z.string()),
  files: z.array(ZConsoleFile),
  /** the kind's rubric, in order */
  rubric: z.array(ZReviewCriterion),
  /** the kind's current rubric version (reviews on an older one need re-scoring) */
  rubricVersion: z.number().int(),
  /** admins: every assignment; reviewers: their own */
  assignments: z.array(ZConsoleAssignment),
  /** admins: every review; reviewers: their own */
  reviews: z.array(ZConsoleReview),
  /** the caller may submit or change a review (assigned, application still under review) */
  canReview: z.boolean(),
  /** admins only */
  staged: ZStagedDecision.nullable(),
  /** which reveal fields hold a value the caller may reveal */
  revealable: z.array(z.enum(['idNumber', 'mobile', 'contactMobile'])),
});
export type ConsoleApplicationResponse = z.infer<typeof ZConsoleApplicationResponse>;

// ---- reveal: POST consoleReveal ------------------------------------------------------------------

/** mobile = the applicant's account mobile; contactMobile = the form's contact number. */
export const revealFields = ['idNumber', 'mobile', 'contactMobile'] as const;
export const ZRevealField = z.enum(revealFields, { error: '请选择要查看的信息' });
export type RevealField = z.infer<typeof ZRevealField>;
export const ZConsoleRevealRequest = z.object({ id: ZId, field: ZRevealField });
export type ConsoleRevealRequest = z.infer<typeof ZConsoleRevealRequest>;
export const ZConsoleRevealResponse = z.object({ field: ZRevealField, value: z.string() });
export type ConsoleRevealResponse = z.infer<typeof ZConsoleRevealResponse>;

// ---- assignment (admin) --------------------------------------------------------------------------

const ZApplicationIds = z
  .array(ZId)
  .min(1, { error: '请选择申报' })
  .max(reviewLimits.assignBatch.applications, { error: `一次最多${reviewLimits.assignBatch.applications}条` });

/** POST consoleAssign: every listed reviewer to every listed application. */
export const ZConsoleAssignRequest = z.object({
  applicationIds: ZApplicationIds,
  reviewerIds: z
    .array(ZId)
    .min(1, { error: '请选择评审' })
    .max(reviewLimits.assignBatch.reviewers, { error: `一次最多${reviewLimits.assignBatch.reviewers}位评审` }),
});
export type ConsoleAssignRequest = z.infer<typeof ZConsoleAssignRequest>;

/** POST consoleAssignAuto: round-robin, least-loaded reviewer first, until each has perApplication. */
export const ZConsoleAssignAutoRequest = z.object({
  applicationIds: ZApplicationIds,
  perApplication: z.number().int().min(reviewLimits.perApplication.min).max(reviewLimits.perApplication.max),
});
export type ConsoleAssignAutoRequest = z.infer<typeof ZConsoleAssignAutoRequest>;

export const ZAssignmentPair = z.object({ applicationId: z.string(), reviewerId: z.string() });
export const ZRefusedAssignment = ZAssignmentPair.extend({
  /** conflict | state | not_reviewer | not_found | duplicate | no_reviewer */
  cause: z.string(),
  /** a sentence for the admin */
  reason: z.string(),
});
export type RefusedAssignment = z.infer<typeof ZRefusedAssignment>;
export const ZConsoleAssignResponse = z.object({
  assigned: z.array(ZAssignmentPair),
  /** already assigned before: nothing to do */
  unchanged: z.array(ZAssignmentPair),
  refused: z.array(ZRefusedAssignment),
});
export type ConsoleAssignResponse = z.infer<typeof ZConsoleAssignResponse>;

/**
 * POST consoleAssignCsv: body text/csv (UTF-8, BOM allowed) or multipart field `file`, header row
 * `application_id,reviewer_mobile`, one assignment per row. Every row gets a result.
 */
export const assignCsvHeader = ['application_id', 'reviewer_mobile'] as const;
export const ZCsvRowResult = z.object({
  /** 1-based line number in the file (the header is line 1) */
  line: z.number().int(),
  applicationId: z.string(),
  reviewerMobileMasked: z.string(),
  /** assigned | unchanged | refused */
  outcome: z.enum(['assigned', 'unchanged', 'refused']),
  reason: z.string().nullable(),
});
export type CsvRowResult = z.infer<typeof ZCsvRowResult>;
export const ZConsoleAssignCsvResponse = z.object({
  rows: z.array(ZCsvRowResult),
  assigned: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type ConsoleAssignCsvResponse = z.infer<typeof ZConsoleAssignCsvResponse>;

/** POST consoleUnassign (admin): removes one assignment; a review already sent stays on record. */
export const ZConsoleUnassignRequest = z.object({ applicationId: ZId, reviewerId: ZId });
export const ZConsoleUnassignResponse = z.object({ removed: z.boolean() });

/** GET consoleReviewers (admin): reviewers with their open load, for the assignment dialog. */
export const ZConsoleReviewersRequest = z.object({});
export const ZConsoleReviewerLoad = z.object({
  id: z.string(),
  nickname: z.string(),
  mobileMasked: z.string(),
  organization: z.string().nullable(),
  /** assignments on applications still under review */
  load: z.number().int(),
  /** of those, reviewed */
  reviewed: z.number().int(),
});
export type ConsoleReviewerLoad = z.infer<typeof ZConsoleReviewerLoad>;
export const ZConsoleReviewersResponse = z.array(ZConsoleReviewerLoad);

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
