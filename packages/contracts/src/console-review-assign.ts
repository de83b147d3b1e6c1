import { z } from 'zod';
import { reviewLimits, ZConsoleId } from './console-review.js';

/**
 * Assigning reviewers to applications (admins): by hand, automatically (round-robin, least-loaded
 * first), from a CSV, and unassigning; the reviewers with their open load for the assignment dialog.
 * The rules every console endpoint follows are in console-review.ts; the assignment matrix, coverage
 * and reminders in console-assignment.ts.
 */

const ZId = ZConsoleId;

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
