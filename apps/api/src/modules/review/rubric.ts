import type { Kysely } from 'kysely';
import { type ApplicationKind, Code, type ReviewCriterion, type ScoreAnchor } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { seasonOf } from '../admin/admin.module.js';
import { reviewStrings as s } from './review.strings.js';

/**
 * The weighted rubric of a kind (configured in programme administration, table rubric_criteria):
 * a review scores every active criterion 0..maxScore; the total is the weighted mean of the
 * scores as fractions of their maxima, on a 0..100 scale, to two decimals.
 */

/** A criterion's stored anchors, highest score first (a malformed value reads as none). */
export function anchorsOf(json: string): ScoreAnchor[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((a): a is ScoreAnchor => typeof a?.score === 'number' && typeof a?.label === 'string')
      .map((a) => ({ score: a.score, label: a.label }))
      .sort((a, b) => b.score - a.score);
  } catch {
    return [];
  }
}

/**
 * The kind's rubric version in a season: 1 until it is saved as a new version. An application is
 * scored by its own season's rubric (`programmeId`); one of no season (membership) by the current
 * season's.
 */
export async function rubricVersionOf(db: Kysely<Database>, kind: ApplicationKind, programmeId: string | null): Promise<number> {
  const season = await seasonOf(db, programmeId);
  if (!season) return 1;
  const row = await db
    .selectFrom('rubric_versions')
    .select('version')
    .where('programme_id', '=', season)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? Number(row.version) : 1;
}

/** The active criteria a season's application of the kind is scored by (see rubricVersionOf). */
export async function rubricOf(db: Kysely<Database>, kind: ApplicationKind, programmeId: string | null): Promise<ReviewCriterion[]> {
  const season = await seasonOf(db, programmeId);
  const rows = await db
    .selectFrom('rubric_criteria')
    .select(['id', 'name', 'description', 'weight', 'max_score', 'anchors_json'])
    .where((eb) => (season ? eb('programme_id', '=', season) : eb('programme_id', 'is', null)))
    .where('kind', '=', kind)
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    weight: Number(r.weight),
    maxScore: Number(r.max_score),
    anchors: anchorsOf(r.anchors_json),
  }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function weightedTotal(rubric: readonly ReviewCriterion[], scores: Record<string, number>): number {
  const weights = rubric.reduce((sum, c) => sum + c.weight, 0);
  if (weights <= 0) return 0;
  const sum = rubric.reduce((acc, c) => acc + ((scores[c.id] ?? 0) / c.maxScore) * c.weight, 0);
  return round2((sum / weights) * 100);
}

/**
 * Checks a review's scores against the rubric: one for every criterion, none for anything else,
 * each within 0..maxScore (halves allowed, as paper score sheets do). Answers the scores to store.
 */
export function checkScores(rubric: readonly ReviewCriterion[], scores: Record<string, number>): Record<string, number> {
  if (rubric.length === 0) throw new AppError(Code.RUBRIC_MISSING, s.rubricMissing);
  const known = new Set(rubric.map((c) => c.id));
  if (Object.keys(scores).some((id) => !known.has(id))) throw new AppError(Code.SCORES_INVALID, s.scoresUnknown);
  const out: Record<string, number> = {};
  for (const c of rubric) {
    const v = scores[c.id];
    if (v === undefined) throw new AppError(Code.SCORES_INVALID, s.scoresMissing(c.name));
    out[c.id] = checkScore(c, v);
  }
  return out;
}

function checkScore(c: ReviewCriterion, v: number): number {
  if (!Number.isFinite(v) || v < 0 || v > c.maxScore || !Number.isInteger(v * 2)) {
    throw new AppError(Code.SCORES_INVALID, s.scoresRange(c.name, c.maxScore));
  }
  return v;
}

/**
 * A draft's scores: the same rules as a review's for each score given, but criteria may still be
 * unscored. Answers the scores to store, in rubric order.
 */
export function checkPartialScores(rubric: readonly ReviewCriterion[], scores: Record<string, number>): Record<string, number> {
  const known = new Set(rubric.map((c) => c.id));
  if (Object.keys(scores).some((id) => !known.has(id))) throw new AppError(Code.SCORES_INVALID, s.scoresUnknown);
  const out: Record<string, number> = {};
  for (const c of rubric) {
    const v = scores[c.id];
    if (v !== undefined) out[c.id] = checkScore(c, v);
  }
  return out;
}

export const averageOf = (totals: readonly number[]): number | null =>
  totals.length === 0 ? null : round2(totals.reduce((a, b) => a + b, 0) / totals.length);

/** The middle total, or the mean of the middle two; null before any review. */
export function medianOf(totals: readonly number[]): number | null {
  if (totals.length === 0) return null;
  const sorted = [...totals].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return round2(sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Highest minus lowest total: how far the reviewers disagree; null before any review. */
export const spreadOf = (totals: readonly number[]): number | null =>
  totals.length === 0 ? null : round2(Math.max(...totals) - Math.min(...totals));
