import { z } from 'zod';
import { ZApplicationStatus } from './applications.js';
import type { ApplicationKind } from './lifecycle.js';
import { ZProgrammePhase } from './applications-api.js';
import { reviewLimits, ZConsoleFreeText, ZConsoleId, ZDecision } from './console-review.js';

/**
 * The ranking (排名, admins): the candidates of one kind of the current programme — of one theme, or
 * all, for works — ordered by the mean of their reviews' weighted totals. The kind's quota (名额,
 * 评选设置) draws the cut line (入选线) after place N; 拟定入选 stages the decisions on either side of
 * it, each through the single staging rules (version, minimum of reviews).
 */

/** The kinds a programme awards places to (membership is not a competition). */
export const rankingKinds = ['rank_user', 'person', 'work', 'company'] as const satisfies readonly ApplicationKind[];
export const ZRankingKind = z.enum(rankingKinds, { error: '请选择类型' });
export type RankingKind = z.infer<typeof ZRankingKind>;
/** Kinds whose entries name a theme, ranked per theme or across all. */
export const themedRankingKinds: readonly RankingKind[] = ['work'];

export const rankingLimits = {
  /** applications staged by one 拟定入选 (approvals and rejections together) */
  stageBatch: 2000,
} as const;

/** GET consoleRanking. `themeId` only for works; without it, every theme. */
export const ZConsoleRankingRequest = z
  .object({ kind: ZRankingKind, themeId: ZConsoleId.optional(), /** the season (default: the current one) */ programmeId: ZConsoleId.optional() })
  .refine((v) => v.themeId === undefined || themedRankingKinds.includes(v.kind), { error: '该类型不分主题', path: ['themeId'] });
export type ConsoleRankingRequest = z.infer<typeof ZConsoleRankingRequest>;

/**
 * Where a candidate stands against the cut line: above it (within the places), in a tie that the
 * line cuts through (more tied than places left: the committee decides), or below it.
 */
export const cutPlacements = ['above', 'tie', 'below'] as const;
export const ZCutPlacement = z.enum(cutPlacements);
export type CutPlacement = z.infer<typeof ZCutPlacement>;

export const ZRankingRow = z.object({
  applicationId: z.string(),
  /** the application's version, for staging from this row */
  version: z.number().int(),
  title: z.string(),
  applicantName: z.string().nullable(),
  /** the owner's account mobile, 138****1234 */
  mobileMasked: z.string().nullable(),
  themeId: z.string().nullable(),
  themeName: z.string().nullable(),
  status: ZApplicationStatus,
  /** completed reviews */
  reviewCount: z.number().int(),
  /** mean of the weighted totals (0..100, two decimals); null before any review */
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** max − min */
  spread: z.number().nullable(),
  /** population standard deviation of the totals */
  stdDev: z.number().nullable(),
  /** 1-based; candidates with the same mean share it (1, 1, 3); null before any review (listed last) */
  rank: z.number().int().nullable(),
  /** shares its rank with others (并列) */
  tied: z.boolean(),
  /** fewer completed reviews than the kind's minimum (评审不足) */
  belowMinimum: z.boolean(),
  /** against the cut line; null when the kind has no quota or the candidate no rank */
  placement: ZCutPlacement.nullable(),
  staged: z.object({ decision: ZDecision, reason: z.string() }).nullable(),
});
export type RankingRow = z.infer<typeof ZRankingRow>;

export const ZConsoleRankingResponse = z.object({
  kind: ZRankingKind,
  themeId: z.string().nullable(),
  programme: z.object({ id: z.string(), name: z.string(), phase: ZProgrammePhase }),
  /** places the kind awards (0 = no cut line) */
  quota: z.number().int(),
  minReviews: z.number().int(),
  /**
   * The line after place `quota`, when there is one: `above` candidates are clearly within it; `tie`
   * names the rank the line cuts through and how many share it.
   */
  cutLine: z
    .object({
      places: z.number().int(),
      above: z.number().int(),
      tie: z.object({ rank: z.number().int(), count: z.number().int(), placesLeft: z.number().int() }).nullable(),
    })
    .nullable(),
  rows: z.array(ZRankingRow),
});
export type ConsoleRankingResponse = z.infer<typeof ZConsoleRankingResponse>;

const ZStageItem = z.object({ applicationId: ZConsoleId, version: z.number().int().nonnegative() });

/**
 * POST consoleRankingStage (拟定入选): approve those above the cut line and, optionally, reject those
 * below it, each with the version its ranking row showed. The server ranks again and refuses a row
 * that no longer stands where the admin saw it; every other row goes through the single staging
 * rules and is answered staged or refused with the reason. `expectedCount` is the count the admin
 * confirmed.
 */
export const ZConsoleRankingStageRequest = z
  .object({
    kind: ZRankingKind,
    themeId: ZConsoleId.optional(),
    /** the season (default: the current one) */
    programmeId: ZConsoleId.optional(),
    approve: z.array(ZStageItem).max(rankingLimits.stageBatch),
    reject: z.array(ZStageItem).max(rankingLimits.stageBatch).default([]),
    /** the reason the rejected read (required when rejecting) */
    rejectReason: ZConsoleFreeText()
      .trim()
      .max(reviewLimits.reason.max, { error: `原因最多${reviewLimits.reason.max}个字` })
      .default(''),
    expectedCount: z.number().int().positive(),
  })
  .refine((v) => v.themeId === undefined || themedRankingKinds.includes(v.kind), { error: '该类型不分主题', path: ['themeId'] })
  .refine((v) => v.approve.length + v.reject.length > 0, { error: '没有可拟定的申报', path: ['approve'] })
  .refine((v) => v.approve.length + v.reject.length <= rankingLimits.stageBatch, { error: `一次最多拟定${rankingLimits.stageBatch}项`, path: ['approve'] })
  .refine((v) => v.approve.length + v.reject.length === v.expectedCount, { error: '确认的数量与所选不一致', path: ['expectedCount'] })
  .refine((v) => v.reject.length === 0 || v.rejectReason.length >= reviewLimits.reason.min, {
    error: '请填写不通过的原因，申报人将看到它',
    path: ['rejectReason'],
  });
export type ConsoleRankingStageRequest = z.input<typeof ZConsoleRankingStageRequest>;

export const ZConsoleRankingStageResponse = z.object({
  results: z.array(
    z.object({
      applicationId: z.string(),
      decision: ZDecision,
      outcome: z.enum(['staged', 'refused']),
      /** why it was refused (the staging rule's message) */
      reason: z.string().nullable(),
    }),
  ),
});
export type ConsoleRankingStageResponse = z.infer<typeof ZConsoleRankingStageResponse>;
