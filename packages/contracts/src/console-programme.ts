import { z } from 'zod';
import { ZProgrammePhase } from './applications-api.js';
import { ZApplicationKind } from './applications.js';
import { adminLimits } from './console-access.js';
import { reviewLimits, ZScoreAnchor } from './console-review.js';
import { ageLimits } from './eligibility.js';

/**
 * A season's settings in the review console (docs/requirements.md#console-access), admins only:
 * the programme's dates, phase and 评选设置, its themes and its rubrics. Refusals as in
 * console-access.ts.
 */

const ZId = z.string().min(1).max(64);
const ZInstant = z.iso.datetime({ offset: true, error: '时间格式不正确' });

// ---- programme (admin) ----------------------------------------------------------------------------

export const ZConsoleProgramme = z.object({
  id: z.string(),
  year: z.number().int(),
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  reviewEndsAt: z.string(),
  resultsAt: z.string(),
  /** null = the phase follows the dates */
  phaseOverride: ZProgrammePhase.nullable(),
  /** the phase now, override included */
  phase: ZProgrammePhase,
  /** blind review: reviewers see no name, mobile or organisation (every kind) */
  blindReview: z.boolean(),
  /** per kind, the completed reviews an approve or reject needs before it may be staged (0 = none) */
  minReviews: z.record(ZApplicationKind, z.number().int()),
  /** per kind, the reviewers each application should have; fewer is a coverage warning */
  targetReviewers: z.record(ZApplicationKind, z.number().int()),
  /** per kind, the places awarded: the ranking's cut line (0 = none) */
  quota: z.record(ZApplicationKind, z.number().int()),
  /** the ages (whole years on the closing day, Beijing) a person entry is open to */
  minAge: z.number().int(),
  maxAge: z.number().int(),
  updatedAt: z.string(),
});
export type ConsoleProgramme = z.infer<typeof ZConsoleProgramme>;

/** The season an admin screen is about (seasons: console-seasons.ts); absent = the current season. */
const ZSeasonId = ZId.optional();

/** GET consoleProgramme: a season's programme (default: the current season). */
export const ZConsoleProgrammeRequest = z.object({ programmeId: ZSeasonId });
export const ZConsoleProgrammeResponse = ZConsoleProgramme;

/** A per-kind whole number of 评选设置 (only the kinds given change), its messages naming the setting. */
const perKindNumber = (label: string, min: number, max: number) =>
  z
    .partialRecord(
      ZApplicationKind,
      z
        .number({ error: `请填写${label}` })
        .int({ error: `${label}须为整数` })
        .min(min, { error: min === 0 ? `${label}不能为负数` : `${label}至少为${min}` })
        .max(max, { error: `${label}最多${max}` }),
    )
    .optional();

/** An age limit in whole years, within what an admin may set. */
const ageNumber = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .int({ error: `${label}须为整数` })
    .min(ageLimits.floor, { error: `${label}不能为负数` })
    .max(ageLimits.ceiling, { error: `${label}最多${ageLimits.ceiling}岁` })
    .optional();

/**
 * POST consoleProgramme: changes only the fields given. Dates must stay in order:
 * opensAt < closesAt ≤ reviewEndsAt ≤ resultsAt.
 */
export const ZConsoleProgrammeUpdateRequest = z
  .object({
    name: z.string().trim().min(1, { error: '请填写名称' }).max(adminLimits.programmeName.max).optional(),
    opensAt: ZInstant.optional(),
    closesAt: ZInstant.optional(),
    reviewEndsAt: ZInstant.optional(),
    resultsAt: ZInstant.optional(),
    phaseOverride: ZProgrammePhase.nullable().optional(),
    blindReview: z.boolean().optional(),
    /** only the kinds given change */
    minReviews: perKindNumber('评审份数', 0, reviewLimits.minReviews.max),
    targetReviewers: perKindNumber('每项评审人数', 1, reviewLimits.targetReviewers.max),
    quota: perKindNumber('名额', 0, reviewLimits.quota.max),
    programmeId: ZSeasonId,
    /** the age range of person entries; the server keeps minAge ≤ maxAge (with the other's stored value) */
    minAge: ageNumber('最低年龄'),
    maxAge: ageNumber('最高年龄'),
  })
  .refine(({ programmeId: _season, ...v }) => Object.values(v).some((x) => x !== undefined), { error: '没有需要修改的内容' });
export type ConsoleProgrammeUpdateRequest = z.infer<typeof ZConsoleProgrammeUpdateRequest>;
export const ZConsoleProgrammeUpdateResponse = ZConsoleProgramme;

// ---- themes (admin) -------------------------------------------------------------------------------

export const ZConsoleTheme = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  /** inactive themes are not offered to applicants */
  active: z.boolean(),
  /** works entries that chose it (a theme in use cannot be deleted, only deactivated) */
  applicationCount: z.number().int(),
});
export type ConsoleTheme = z.infer<typeof ZConsoleTheme>;

const ZThemeName = z
  .string({ error: '请填写主题名称' })
  .trim()
  .min(1, { error: '请填写主题名称' })
  .max(adminLimits.theme.name, { error: `主题名称最多${adminLimits.theme.name}个字` });
const ZThemeDescription = z
  .string()
  .trim()
  .max(adminLimits.theme.description, { error: `主题说明最多${adminLimits.theme.description}个字` });
const ZSortValue = z.number().int().min(-1_000_000).max(1_000_000);

/** GET consoleThemes: every theme of the current programme, inactive ones included. */
export const ZConsoleThemesRequest = z.object({ programmeId: ZSeasonId });
export const ZConsoleThemesResponse = z.object({ items: z.array(ZConsoleTheme) });
export type ConsoleThemesResponse = z.infer<typeof ZConsoleThemesResponse>;

export const ZConsoleThemeCreateRequest = z.object({
  programmeId: ZSeasonId,
  name: ZThemeName,
  description: ZThemeDescription.default(''),
  sort: ZSortValue.optional(),
  active: z.boolean().default(true),
});
export type ConsoleThemeCreateRequest = z.input<typeof ZConsoleThemeCreateRequest>;
export const ZConsoleThemeCreateResponse = ZConsoleTheme;

export const ZConsoleThemeUpdateRequest = z
  .object({
    id: ZId,
    name: ZThemeName.optional(),
    description: ZThemeDescription.optional(),
    sort: ZSortValue.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => [v.name, v.description, v.sort, v.active].some((x) => x !== undefined), { error: '没有需要修改的内容' });
export type ConsoleThemeUpdateRequest = z.infer<typeof ZConsoleThemeUpdateRequest>;
export const ZConsoleThemeUpdateResponse = ZConsoleTheme;

/** POST consoleThemeDelete: refused with Code.CONFLICT while an application refers to it. */
export const ZConsoleThemeDeleteRequest = z.object({ id: ZId });
export const ZConsoleThemeDeleteResponse = z.object({ id: z.string() });

// ---- rubrics (admin) ------------------------------------------------------------------------------

/** Same shape as the reviewer's ZReviewCriterion (console-review.ts). */
export const ZRubricCriterion = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** percent of the weighted total; a kind's weights sum to 100 */
  weight: z.number().int(),
  /** a score is 0..maxScore */
  maxScore: z.number().int(),
  /** highest score first; may be empty */
  anchors: z.array(ZScoreAnchor),
});
export type RubricCriterion = z.infer<typeof ZRubricCriterion>;
/** `version`: 1 until saved as a new version (另存为新版本); reviews record the version they scored. */
export const ZRubric = z.object({ kind: ZApplicationKind, version: z.number().int(), criteria: z.array(ZRubricCriterion) });
export type Rubric = z.infer<typeof ZRubric>;

/** GET consoleRubrics: one rubric per application kind, in applicationKinds order (criteria may be empty). */
export const ZConsoleRubricsRequest = z.object({ programmeId: ZSeasonId });
export const ZConsoleRubricsResponse = z.array(ZRubric);
export type ConsoleRubricsResponse = z.infer<typeof ZConsoleRubricsResponse>;

// one message per field: the entry screens' bundle carries every contract (apps/web size budget)
const anchorScoreError = { error: '锚点分值须为不小于0的整数' };
const anchorLabelError = { error: `请填写锚点说明（最多${adminLimits.rubric.anchorLabel}个字）` };
export const ZRubricAnchorInput = z.object({
  score: z.number(anchorScoreError).int(anchorScoreError).min(0, anchorScoreError),
  label: z.string(anchorLabelError).trim().min(1, anchorLabelError).max(adminLimits.rubric.anchorLabel, anchorLabelError),
});
export type RubricAnchorInput = z.input<typeof ZRubricAnchorInput>;

export const ZRubricCriterionInput = z.object({
  /** an existing criterion's id keeps it (and the scores given to it); omitted = a new criterion */
  id: ZId.optional(),
  name: z
    .string({ error: '请填写评分项名称' })
    .trim()
    .min(1, { error: '请填写评分项名称' })
    .max(adminLimits.rubric.name, { error: `评分项名称最多${adminLimits.rubric.name}个字` }),
  description: z.string().trim().max(adminLimits.rubric.description).default(''),
  weight: z.number({ error: '请填写权重' }).int({ error: '权重须为整数' }).min(1, { error: '权重至少为1' }).max(100),
  maxScore: z
    .number({ error: '请填写满分' })
    .int({ error: '满分须为整数' })
    .min(1, { error: '满分至少为1' })
    .max(adminLimits.rubric.maxScore, { error: `满分最多${adminLimits.rubric.maxScore}` }),
  /** score anchors shown to reviewers; checked against maxScore by the request below */
  anchors: z
    .array(ZRubricAnchorInput)
    .max(adminLimits.rubric.anchors, { error: `评分锚点最多${adminLimits.rubric.anchors}个` })
    .default([]),
});
export type RubricCriterionInput = z.input<typeof ZRubricCriterionInput>;

/**
 * POST consoleRubrics: replaces one kind's criteria, in the order given. Criteria left out are
 * retired (scores already given to them stay on record). Weights must sum to 100.
 */
export const ZConsoleRubricsUpdateRequest = z
  .object({
    programmeId: ZSeasonId,
    kind: ZApplicationKind,
    criteria: z
      .array(ZRubricCriterionInput)
      .min(1, { error: '至少需要一个评分项' })
      .max(adminLimits.rubric.criteria, { error: `评分项最多${adminLimits.rubric.criteria}个` }),
    /**
     * 另存为新版本: the kind's rubric version goes up by one and every existing review of the kind is
     * marked as needing re-scoring. Without it a scoring change on a kind with reviews is refused.
     */
    newVersion: z.boolean().optional(),
  })
  .refine((v) => v.criteria.reduce((sum, c) => sum + c.weight, 0) === 100, {
    error: '各评分项权重之和须为100',
    path: ['criteria'],
  })
  .refine((v) => new Set(v.criteria.map((c) => c.name)).size === v.criteria.length, {
    error: '评分项名称不能重复',
    path: ['criteria'],
  })
  .refine((v) => {
    const ids = v.criteria.flatMap((c) => (c.id ? [c.id] : []));
    return new Set(ids).size === ids.length;
  }, { error: '评分项重复', path: ['criteria'] })
  .refine((v) => v.criteria.every(({ anchors: a = [], maxScore }) => a.every((x) => x.score <= maxScore) && new Set(a.map((x) => x.score)).size === a.length), {
    error: '锚点分值不能超过该项满分，且不能重复',
    path: ['criteria'],
  });
export type ConsoleRubricsUpdateRequest = z.input<typeof ZConsoleRubricsUpdateRequest>;
export const ZConsoleRubricsUpdateResponse = ZRubric;
