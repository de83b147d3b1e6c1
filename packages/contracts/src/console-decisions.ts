import { z } from 'zod';
import { ZApplicationKind, ZApplicationStatus } from './applications.js';
import { ZProgrammePhase } from './applications-api.js';
import { ZCursor, ZPageOf, ZQueryBool } from './content.js';
import {
  decisionsNeedingReason, reviewLimits, ZConsoleFreeText, ZConsoleId, ZConsoleQueryInt, ZDecision,
} from './console-review.js';
import { ZStagedDecision } from './console-review-application.js';

/**
 * The review console, deciding (docs/requirements.md#decisions): staged decisions and their
 * release, the notice the applicant receives, the outbound delivery log and exports (admins); and
 * the applicant's in-app notifications. Console endpoints need a console-verified admin session
 * (console-access.ts).
 */

const ZId = ZConsoleId;
const ZFreeText = ZConsoleFreeText;
const ZQueryInt = ZConsoleQueryInt;

// ---- decisions (admin) ---------------------------------------------------------------------------

/**
 * POST consoleDecisionStage: stages (does not release) a decision. `version` is the application's
 * version as the admin saw it: of two admins staging at once exactly one succeeds, the other gets
 * Code.CONFLICT and must reload. Staging again replaces the staged decision (with the new version).
 */
export const ZConsoleStageDecisionRequest = z
  .object({
    applicationId: ZId,
    decision: ZDecision,
    reason: ZFreeText()
      .trim()
      .max(reviewLimits.reason.max, { error: `原因最多${reviewLimits.reason.max}个字` })
      .default(''),
    version: z.number().int().nonnegative(),
    /**
     * why an approve or reject is staged with fewer completed reviews than the kind's minimum
     * (REVIEWS_TOO_FEW without it); audited with the counts
     */
    override: ZFreeText()
      .trim()
      .min(reviewLimits.overrideReason.min, { error: `请说明不经足够评审即作结论的理由（至少${reviewLimits.overrideReason.min}个字）` })
      .max(reviewLimits.overrideReason.max, { error: `理由最多${reviewLimits.overrideReason.max}个字` })
      .optional(),
  })
  .refine((v) => !decisionsNeedingReason.includes(v.decision) || v.reason.length >= reviewLimits.reason.min, {
    error: '请填写原因，申报人将看到它',
    path: ['reason'],
  });
export type ConsoleStageDecisionRequest = z.input<typeof ZConsoleStageDecisionRequest>;
export const ZConsoleStageDecisionResponse = ZStagedDecision.extend({ version: z.number().int() });

/** POST consoleDecisionUnstage: withdraws a staged decision before release. */
export const ZConsoleUnstageDecisionRequest = z.object({ applicationId: ZId, version: z.number().int().nonnegative() });
export const ZConsoleUnstageDecisionResponse = z.object({ applicationId: z.string(), version: z.number().int() });

/**
 * GET consoleDecisionsStaged: every staged decision not yet released, oldest first; with
 * `programmeId`, one season's (membership, which belongs to no season, is asked for by its kind).
 */
export const ZConsoleStagedDecisionsRequest = z.object({ kind: ZApplicationKind.optional(), programmeId: ZId.optional() });
export const ZConsoleStagedItem = ZStagedDecision.extend({
  kind: ZApplicationKind,
  title: z.string(),
  applicantName: z.string().nullable(),
  status: ZApplicationStatus,
  version: z.number().int(),
  reviewCount: z.number().int(),
  averageScore: z.number().nullable(),
  /** its place in its kind's ranking (排名, all themes); null before any review, and for membership */
  rank: z.number().int().nullable(),
  /** how many of its kind are ranked */
  rankedCount: z.number().int().nullable(),
  /** its programme's phase now (release outside 结果公布 tells the applicants early); null for membership */
  phase: ZProgrammePhase.nullable(),
});
export type ConsoleStagedItem = z.infer<typeof ZConsoleStagedItem>;
export const ZConsoleStagedDecisionsResponse = z.array(ZConsoleStagedItem);

/** GET consoleDecisionPreview: the notice the applicant will receive on release. */
export const ZConsoleDecisionPreviewRequest = z.object({ applicationId: ZId });
export const ZNotice = z.object({ title: z.string(), body: z.string() });
export type Notice = z.infer<typeof ZNotice>;
export const ZConsoleDecisionPreviewResponse = ZNotice.extend({
  applicationId: z.string(),
  decision: ZDecision,
  /** what the applicant's status look-up will answer afterwards (0, or 9000 with the reason) */
  lookupCode: z.number().int(),
});

/**
 * POST consoleDecisionRelease: releases the staged decisions of the listed applications, each in its
 * own transaction (status, reason, decidedAt, audit), then notifies the applicants. `expectedCount`
 * is the number the admin confirmed; when it differs from the list the request is refused.
 */
export const ZConsoleReleaseRequest = z
  .object({
    applicationIds: z
      .array(ZId)
      .min(1, { error: '请选择要发布的决定' })
      .max(reviewLimits.releaseBatch, { error: `一次最多发布${reviewLimits.releaseBatch}条` }),
    expectedCount: z.number().int().positive(),
  })
  .refine((v) => v.applicationIds.length === v.expectedCount, { error: '确认的数量与所选不一致', path: ['expectedCount'] });
export type ConsoleReleaseRequest = z.infer<typeof ZConsoleReleaseRequest>;
export const ZConsoleReleaseResponse = z.object({
  released: z.array(z.object({ applicationId: z.string(), status: ZApplicationStatus, decidedAt: z.string() })),
  failed: z.array(z.object({ applicationId: z.string(), reason: z.string() })),
});
export type ConsoleReleaseResponse = z.infer<typeof ZConsoleReleaseResponse>;

// ---- outbound deliveries (admin): one row per channel copy of a notice, from the outbox -----------

export const deliveryChannels = ['wechat', 'sms'] as const;
export const ZDeliveryChannel = z.enum(deliveryChannels);
/** pending: waiting for its (next) attempt; sending: an instance holds it now; the rest are final */
export const deliveryStatuses = ['sent', 'failed', 'skipped', 'pending', 'sending'] as const;
export const ZDeliveryStatus = z.enum(deliveryStatuses);
export const ZConsoleDeliveriesRequest = z.object({
  applicationId: ZId.optional(),
  channel: ZDeliveryChannel.optional(),
  status: ZDeliveryStatus.optional(),
  cursor: ZCursor.optional(),
  limit: ZQueryInt(1, reviewLimits.page.max).optional(),
});
export const ZDelivery = z.object({
  id: z.string(),
  notificationId: z.string(),
  applicationId: z.string().nullable(),
  channel: ZDeliveryChannel,
  status: ZDeliveryStatus,
  /** masked mobile or openid prefix; never the full value */
  recipient: z.string().nullable(),
  /** the last failure or skip reason (timeout, http:502, errcode:43004, no_openid …) */
  detail: z.string().nullable(),
  createdAt: z.string(),
  /** attempts made so far */
  attempts: z.number().int().nonnegative(),
  /** when the next attempt is due; only while pending */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof ZDelivery>;
export const ZConsoleDeliveriesResponse = ZPageOf(ZDelivery);

// ---- exports (admin, audited, rate-limited) ------------------------------------------------------

/**
 * GET consoleExport: a file, not an envelope (failures still answer the envelope). XLSX, or CSV
 * in UTF-8 with a BOM; one row per application with masked personal data, scores and decisions.
 */
export const exportFormats = ['xlsx', 'csv'] as const;
export const ZConsoleExportRequest = z.object({
  format: z.enum(exportFormats, { error: '请选择导出格式' }),
  kind: ZApplicationKind.optional(),
  status: ZApplicationStatus.optional(),
  programmeId: ZId.optional(),
});
export type ConsoleExportRequest = z.infer<typeof ZConsoleExportRequest>;
/** The export's columns, in order (the header row). */
export const exportColumns = [
  { key: 'id', header: '申报编号' },
  { key: 'kind', header: '类型' },
  { key: 'status', header: '状态' },
  { key: 'title', header: '名称' },
  { key: 'applicantName', header: '申报人' },
  { key: 'mobileMasked', header: '手机号' },
  { key: 'organization', header: '单位' },
  { key: 'theme', header: '主题' },
  { key: 'submittedAt', header: '提交时间（北京时间）' },
  { key: 'reviewCount', header: '评审数' },
  { key: 'averageScore', header: '平均分' },
  { key: 'recommendations', header: '评审建议' },
  /** each review: reviewer, total, every criterion's score and the recommendation */
  { key: 'reviewDetails', header: '评审明细' },
  { key: 'decision', header: '决定' },
  { key: 'reason', header: '原因' },
  { key: 'decidedAt', header: '决定时间（北京时间）' },
] as const;

/** Export columns that hold an instant: Beijing time, as a date cell in XLSX and as text in CSV. */
export const exportTimeColumns: ReadonlySet<string> = new Set(['submittedAt', 'decidedAt']);
export type ExportColumnKey = (typeof exportColumns)[number]['key'];

/** GET consoleExportMedia: a zip of every file of one application. */
export const ZConsoleExportMediaRequest = z.object({ applicationId: ZId });

// ---- the applicant's in-app notifications ----------------------------------------------------------

export const ZNotification = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  applicationId: z.string().nullable(),
  /** the application's kind, to link to the right screen */
  kind: ZApplicationKind.nullable(),
  status: ZApplicationStatus.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof ZNotification>;

/** GET getNotifications: the caller's notifications, newest first. */
export const ZGetNotificationsRequest = z.object({
  unreadOnly: ZQueryBool.optional(),
  cursor: ZCursor.optional(),
  limit: ZQueryInt(1, reviewLimits.page.max).optional(),
});
export type GetNotificationsRequest = z.infer<typeof ZGetNotificationsRequest>;
export const ZGetNotificationsResponse = ZPageOf(ZNotification).extend({ unread: z.number().int() });
export type GetNotificationsResponse = z.infer<typeof ZGetNotificationsResponse>;

/** POST readNotification: one by id, or every one with all=true. */
export const ZReadNotificationRequest = z
  .object({ id: ZId.optional(), all: z.literal(true).optional() })
  .refine((v) => (v.id === undefined) !== (v.all === undefined), { error: '请指定通知' });
export type ReadNotificationRequest = z.infer<typeof ZReadNotificationRequest>;
export const ZReadNotificationResponse = z.object({ unread: z.number().int() });
