import { z } from 'zod';
import { ZApplicationKind, ZApplicationStatus } from './applications.js';
import { applicationStatuses } from './lifecycle.js';
import { ZQueryBool } from './content.js';
import { ZConsoleId, ZConsoleQueryInt } from './console-review.js';

/**
 * The assignment matrix (分配评审, admins): applications × reviewers, who is assigned, who has
 * reviewed, who declared or has a conflict of interest; coverage against each kind's target number
 * of reviewers (评选设置); each reviewer's progress and last activity; reminders to reviewers.
 * Assigning and unassigning from the matrix use consoleAssign / consoleAssignAuto / consoleUnassign.
 */

export const assignmentMatrixLimits = {
  /** application rows per page of the matrix */
  pageSize: { default: 50, max: 200 },
  /** the last page a request may ask for (500 applications are 10 pages at the default size) */
  page: { max: 10_000 },
  /** ids of under-covered applications answered per kind, for 补足 */
  belowIds: 2000,
} as const;

/** A reviewer is reminded at most once in this many minutes, whichever admin sends it. */
export const reminderPolicy = { intervalMinutes: 60 } as const;

/** The title of a reminder in the reviewer's notifications. */
export const reviewerReminderTitle = '评审提醒';

/** Statuses the matrix can list: everything that was submitted (drafts never reach the console). */
export const matrixStatuses = applicationStatuses.filter((s) => s !== 'draft');

// ---- GET consoleAssignmentMatrix ----------------------------------------------------------------------

/**
 * Without `status`, the applications awaiting a decision (submitted, under review) — the ones that
 * are assigned. `belowTarget`: only those with fewer reviewers than their kind's target.
 * `programmeId`: one season's applications, its targets and its coverage (membership has no season,
 * so it is left out, as in the queue); without it every season's, against the current season's targets.
 */
export const ZConsoleAssignmentMatrixRequest = z.object({
  programmeId: ZConsoleId.optional(),
  kind: ZApplicationKind.optional(),
  themeId: ZConsoleId.optional(),
  status: ZApplicationStatus.refine((s) => s !== 'draft', { error: '草稿不在评审范围内' }).optional(),
  belowTarget: ZQueryBool.optional(),
  page: ZConsoleQueryInt(1, assignmentMatrixLimits.page.max).optional(),
  pageSize: ZConsoleQueryInt(1, assignmentMatrixLimits.pageSize.max).optional(),
});
export type ConsoleAssignmentMatrixRequest = z.input<typeof ZConsoleAssignmentMatrixRequest>;

/**
 * One cell: assigned (no review yet), reviewed (assigned, review submitted), reviewKept (a review
 * on record from a reviewer no longer assigned), conflictDeclared (the reviewer declared a conflict
 * of interest: never assigned again), conflictOrganization (the reviewer's organisation is one the
 * applicant gave, or the application is the reviewer's own). Cells not listed are empty.
 */
export const matrixCellStates = ['assigned', 'reviewed', 'reviewKept', 'conflictDeclared', 'conflictOrganization'] as const;
export type MatrixCellState = (typeof matrixCellStates)[number];
export const ZMatrixCell = z.object({ reviewerId: z.string(), state: z.enum(matrixCellStates) });
export type MatrixCell = z.infer<typeof ZMatrixCell>;

export const ZMatrixRow = z.object({
  id: z.string(),
  kind: ZApplicationKind,
  status: ZApplicationStatus,
  title: z.string(),
  /** 张* · 138****1234 */
  applicantMasked: z.string(),
  themeName: z.string().nullable(),
  /** reviewers assigned now */
  assigned: z.number().int(),
  /** of those, with a review submitted */
  reviewed: z.number().int(),
  /** the kind's target number of reviewers */
  target: z.number().int(),
  /** awaiting a decision and fewer reviewers assigned than the target */
  belowTarget: z.boolean(),
  cells: z.array(ZMatrixCell),
});
export type MatrixRow = z.infer<typeof ZMatrixRow>;

export const ZMatrixReviewer = z.object({
  id: z.string(),
  nickname: z.string(),
  mobileMasked: z.string(),
  organization: z.string().nullable(),
  /** assignments on applications awaiting a decision */
  load: z.number().int(),
  /** of those, reviewed */
  done: z.number().int(),
  /** the last review submitted or changed */
  lastReviewAt: z.string().nullable(),
  /** the last request in the console past the second factor */
  lastSeenAt: z.string().nullable(),
  /** the later of the two */
  lastActivityAt: z.string().nullable(),
  lastRemindedAt: z.string().nullable(),
  /** when the next reminder may be sent; null = now */
  remindableAt: z.string().nullable(),
});
export type MatrixReviewer = z.infer<typeof ZMatrixReviewer>;

/** Per kind, over every application awaiting a decision (whatever the filters). */
export const ZKindCoverage = z.object({
  kind: ZApplicationKind,
  target: z.number().int(),
  /** applications awaiting a decision */
  applications: z.number().int(),
  /** of those, with fewer reviewers than the target */
  below: z.number().int(),
  /** their ids (at most assignmentMatrixLimits.belowIds), oldest submission first, for 补足 */
  belowIds: z.array(z.string()),
});
export type KindCoverage = z.infer<typeof ZKindCoverage>;

export const ZConsoleAssignmentMatrixResponse = z.object({
  rows: z.array(ZMatrixRow),
  /** rows matching the filters, over every page */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** active reviewers: the matrix's columns */
  reviewers: z.array(ZMatrixReviewer),
  coverage: z.array(ZKindCoverage),
});
export type ConsoleAssignmentMatrixResponse = z.infer<typeof ZConsoleAssignmentMatrixResponse>;

// ---- POST consoleRemindReviewer ------------------------------------------------------------------------

/** A reminder to one reviewer: an in-app notice, and SMS / WeChat where configured. Audited. */
export const ZConsoleRemindReviewerRequest = z.object({ reviewerId: ZConsoleId });
export type ConsoleRemindReviewerRequest = z.infer<typeof ZConsoleRemindReviewerRequest>;
export const ZConsoleRemindReviewerResponse = z.object({
  reviewerId: z.string(),
  remindedAt: z.string(),
  /** assignments still to review, as the reminder says */
  pending: z.number().int(),
  remindableAt: z.string(),
});
export type ConsoleRemindReviewerResponse = z.infer<typeof ZConsoleRemindReviewerResponse>;

// ---- GET consoleMyReminder (the reviewer) --------------------------------------------------------------

/** The caller's latest unread reminder, for the banner on their console; read it with readNotification. */
export const ZConsoleMyReminderRequest = z.object({});
export const ZReviewerReminder = z.object({ id: z.string(), title: z.string(), body: z.string(), createdAt: z.string() });
export type ReviewerReminder = z.infer<typeof ZReviewerReminder>;
export const ZConsoleMyReminderResponse = z.object({ reminder: ZReviewerReminder.nullable() });
export type ConsoleMyReminderResponse = z.infer<typeof ZConsoleMyReminderResponse>;
