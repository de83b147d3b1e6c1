import type { ConsoleReview, ConsoleReviewDraft, ReviewCriterion, ReviewRecommendation } from '@qgw/contracts';

/**
 * The review sheet's figures, apart from the form that shows them: the total as the server computes
 * it, the scores as typed read as numbers, what a draft may hold, and where the sheet starts (a
 * draft, the submitted review, or nothing). Pure functions, so the form holds only state and events.
 */

/** The same weighted mean the server stores: every criterion scaled to its maximum, weighted, out of 100. */
export function weightedTotal(rubric: readonly ReviewCriterion[], scores: Record<string, number>): number {
  const weights = rubric.reduce((sum, c) => sum + c.weight, 0);
  if (weights <= 0) return 0;
  const sum = rubric.reduce((acc, c) => acc + (c.maxScore > 0 ? (scores[c.id] ?? 0) / c.maxScore : 0) * c.weight, 0);
  return Math.round((sum / weights) * 10000) / 100;
}

/** The scores as typed, read as numbers; a blank or unreadable field is left out. */
export function parsedScores(rubric: readonly ReviewCriterion[], raw: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of rubric) {
    const v = raw[c.id];
    if (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v))) out[c.id] = Number(v);
  }
  return out;
}

/** The sheet's starting point: the draft (newer), else the submitted review, else empty. */
export function startFrom(draft: ConsoleReviewDraft | null, mine: ConsoleReview | undefined) {
  const from = draft ?? mine;
  return {
    raw: Object.fromEntries(Object.entries(from?.scores ?? {}).map(([k, v]) => [k, String(v)])) as Record<string, string>,
    recommendation: (from?.recommendation ?? '') as ReviewRecommendation | '',
    comment: from?.commentToApplicant ?? '',
    note: from?.privateNote ?? '',
  };
}

/** Scores a draft can hold: the usable ones (a number within the criterion's range, halves allowed). */
export function draftScores(rubric: readonly ReviewCriterion[], scores: Record<string, number>): Record<string, number> {
  return Object.fromEntries(rubric.flatMap((c) => {
    const v = scores[c.id];
    return v !== undefined && v >= 0 && v <= c.maxScore && Number.isInteger(v * 2) ? [[c.id, v]] : [];
  }));
}
