import type { Kysely } from 'kysely';
import { type ApplicationKind, Code, type ReviewCriterion } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { reviewStrings as s } from './review.strings.js';

/**
 * The weighted rubric of a kind (configured in programme administration, table rubric_criteria):
 * a review scores every active criterion 0..maxScore; the total is the weighted mean of the
 * scores as fractions of their maxima, on a 0..100 scale, to two decimals.
 */

export async function rubricOf(db: Kysely<Database>, kind: ApplicationKind): Promise<ReviewCriterion[]> {
  const rows = await db
    .selectFrom('rubric_criteria')
    .select(['id', 'name', 'description', 'weight', 'max_score'])
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
    if (!Number.isFinite(v) || v < 0 || v > c.maxScore || !Number.isInteger(v * 2)) {
      throw new AppError(Code.SCORES_INVALID, s.scoresRange(c.name, c.maxScore));
    }
    out[c.id] = v;
  }
  return out;
}

export const averageOf = (totals: readonly number[]): number | null =>
  totals.length === 0 ? null : round2(totals.reduce((a, b) => a + b, 0) / totals.length);
