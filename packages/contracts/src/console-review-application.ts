import { z } from 'zod';
import { ZApplicationKind, ZApplicationStatus } from './applications.js';
import { ZTimelineEntry } from './applications-api.js';
import {
  ZConsoleId, ZConsoleReview, ZDecision, ZPersonRef, ZReviewCriterion,
} from './console-review.js';

/**
 * One application in the review console (GET consoleApplication): the file as a reviewer or admin
 * reads it, personal data masked, with its files, rubric, assignments, reviews and staged decision;
 * and revealing one masked field (POST consoleReveal, audited). The vocabulary it shares
 * with the other console files, and the rules every console endpoint follows, are in console-review.ts.
 */

const ZId = ZConsoleId;

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
