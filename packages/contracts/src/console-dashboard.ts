import { z } from 'zod';
import { ZApplicationStatus } from './applications.js';
import { ZProgrammePhase } from './applications-api.js';
import type { RankingKind } from './console-ranking.js';

/**
 * The console's 概览 for admins: how the current programme's round stands, in figures and charts.
 * Counts cover the programme's applications past the draft (a draft is not yet an application).
 */

/**
 * The kinds a programme awards places to: the ranking's (rankingKinds), restated so that the
 * console home's chunk shares no module with the ranking screen's (a shared module becomes a chunk
 * of its own, which the app's route table, loaded by the first screens, must then list).
 */
export const dashboardKinds = ['rank_user', 'person', 'work', 'company'] as const satisfies readonly RankingKind[];
const ZDashboardKind = z.enum(dashboardKinds);

export const dashboardLimits = {
  /** how many Beijing days the submissions chart may span */
  days: { min: 7, max: 90, default: 30 },
  /** regions named before the rest are summed as 其他 */
  topRegions: 10,
  /** the width of a score histogram's bins, in points of the 0..100 total */
  scoreBin: 10,
} as const;

/** GET consoleDashboard. `days`: the span of the submissions chart, ending today (Beijing). */
export const ZConsoleDashboardRequest = z.object({
  days: z.coerce
    .number({ error: '天数必须是整数' })
    .int({ error: '天数必须是整数' })
    .min(dashboardLimits.days.min, { error: `天数至少为${dashboardLimits.days.min}` })
    .max(dashboardLimits.days.max, { error: `天数最多为${dashboardLimits.days.max}` })
    .default(dashboardLimits.days.default),
  /** the season (default: the current one) */
  programmeId: z.string().min(1).max(64).optional(),
});
export type ConsoleDashboardRequest = z.input<typeof ZConsoleDashboardRequest>;

export const ZDashboardKindProgress = z.object({
  kind: ZDashboardKind,
  /** applications still being reviewed (submitted, under review) */
  inReview: z.number().int(),
  /** of those, with at least one reviewer assigned */
  assigned: z.number().int(),
  /** of those, with at least the kind's minimum of completed reviews */
  reviewed: z.number().int(),
  /** of those, with fewer reviewers assigned than the kind's target */
  needingReviewers: z.number().int(),
});
export type DashboardKindProgress = z.infer<typeof ZDashboardKindProgress>;

export const ZConsoleDashboardResponse = z.object({
  programme: z.object({ id: z.string(), name: z.string(), phase: ZProgrammePhase }),
  /** the Beijing day the figures were computed on, YYYY-MM-DD */
  today: z.string(),
  totals: z.object({
    /** past the draft */
    applications: z.number().int(),
    /** first submitted today (Beijing) */
    submittedToday: z.number().int(),
    inReview: z.number().int(),
    /** completed reviews */
    reviews: z.number().int(),
    needingReviewers: z.number().int(),
    decided: z.number().int(),
  }),
  /** oldest first, one entry per Beijing day of the span (zero included) */
  submissionsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** only the combinations that occur */
  byKindStatus: z.array(z.object({ kind: ZDashboardKind, status: ZApplicationStatus, count: z.number().int() })),
  /**
   * 所在地区 as the personal forms store it (创新榜, 个人申报: a free text, trimmed); works and
   * companies have no region field and are not counted here.
   */
  regions: z.object({
    top: z.array(z.object({ region: z.string(), count: z.number().int() })),
    /** beyond the top regions */
    other: z.number().int(),
    /** forms without a region */
    unknown: z.number().int(),
  }),
  reviewProgress: z.array(ZDashboardKindProgress),
  /** per kind, the mean totals of reviewed applications in bins [0,10) … [90,100] */
  scoreDistribution: z.array(z.object({ kind: ZDashboardKind, bins: z.array(z.number().int()), scored: z.number().int() })),
});
export type ConsoleDashboardResponse = z.infer<typeof ZConsoleDashboardResponse>;
