import { z } from 'zod';
import { ZApplicationKind, ZApplicationStatus } from './applications.js';
import { ZProgrammePhase } from './applications-api.js';
import { ZCursor, ZPageOf, ZQueryBool } from './content.js';
import {
  reviewLimits, ZConsoleFreeText, ZConsoleId, ZConsoleQueryInt, ZDecision, ZPersonRef,
} from './console-review.js';

/**
 * The review console's queue (GET consoleQueue): what narrows it, how it is ordered, and one row of
 * it. The vocabulary it shares with the other console files, and the rules every console endpoint
 * follows, are in console-review.ts; the admin's bulk actions on what a filter matches are in
 * console-queue.ts.
 */

const ZId = ZConsoleId;
const ZFreeText = ZConsoleFreeText;
const ZQueryInt = ZConsoleQueryInt;

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
