import { z } from 'zod';
import { ZProgrammePhase } from './applications-api.js';

/**
 * Seasons (评选设置, admins): the programme runs every year and each year is a season. Exactly one
 * season is current: applicants see it and the console defaults to it. The next season is created
 * from an existing one (themes, rubrics with their versions, the 评选设置 and the dates a year on;
 * never applications or reviews) and can be reviewed before it is made current.
 */

export const seasonLimits = {
  /** the years a season may be for */
  year: { min: 2000, max: 2100 },
  /** the reason given for switching seasons while the current one is in its review phase */
  reason: { max: 200 },
} as const;

const ZId = z.string().min(1).max(64);

export const ZConsoleSeason = z.object({
  id: z.string(),
  year: z.number().int(),
  name: z.string(),
  phase: ZProgrammePhase,
  current: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  reviewEndsAt: z.string(),
  resultsAt: z.string(),
  /** applications past the draft */
  applicationCount: z.number().int(),
  themeCount: z.number().int(),
});
export type ConsoleSeason = z.infer<typeof ZConsoleSeason>;

/** GET consoleSeasons: every season, newest year first. */
export const ZConsoleSeasonsRequest = z.object({});
export const ZConsoleSeasonsResponse = z.object({ items: z.array(ZConsoleSeason) });
export type ConsoleSeasonsResponse = z.infer<typeof ZConsoleSeasonsResponse>;

const yearError = { error: `请填写${seasonLimits.year.min}至${seasonLimits.year.max}之间的年份` };

/** POST consoleSeasonCreate: a new season for `year`, copied from the season `copyFrom`; not current. */
export const ZConsoleSeasonCreateRequest = z.object({
  year: z.number(yearError).int(yearError).min(seasonLimits.year.min, yearError).max(seasonLimits.year.max, yearError),
  copyFrom: ZId,
});
export type ConsoleSeasonCreateRequest = z.infer<typeof ZConsoleSeasonCreateRequest>;
export const ZConsoleSeasonCreateResponse = ZConsoleSeason;

const reasonError = { error: `原因最多${seasonLimits.reason.max}个字` };

/**
 * POST consoleSeasonMakeCurrent: makes a season the current one (audited). Refused with
 * Code.SEASON_IN_REVIEW while the current season is in its review phase, unless a reason is given.
 */
export const ZConsoleSeasonMakeCurrentRequest = z.object({
  id: ZId,
  reason: z.string(reasonError).trim().max(seasonLimits.reason.max, reasonError).optional(),
});
export type ConsoleSeasonMakeCurrentRequest = z.infer<typeof ZConsoleSeasonMakeCurrentRequest>;
export const ZConsoleSeasonMakeCurrentResponse = ZConsoleSeasonsResponse;
