import type { ReviewCriterion, ScoreAnchor } from '@qgw/contracts';
import { reviewStrings as t } from '../strings.js';

/**
 * The score bands of a criterion's anchors, highest first: each anchor runs from its score up to
 * just below the next higher anchor's (the top one to the maximum), e.g. 9–10 突出, 6–8 良好.
 */
export function anchorBands(anchors: readonly ScoreAnchor[], maxScore: number): { range: string; label: string }[] {
  const sorted = [...anchors].sort((a, b) => b.score - a.score);
  return sorted.map((a, i) => {
    const upper = i === 0 ? maxScore : sorted[i - 1]!.score - 1;
    return { range: upper > a.score ? `${a.score}–${upper}` : `${a.score}`, label: a.label };
  });
}

/** What each band of scores means for this criterion, beside its score field; nothing when none are set. */
export function CriterionAnchors({ criterion }: { criterion: ReviewCriterion }) {
  const anchors = criterion.anchors ?? [];
  if (anchors.length === 0) return null;
  return (
    <ul className="qgw-rv-anchors" aria-label={t.anchorsOf(criterion.name)}>
      {anchorBands(anchors, criterion.maxScore).map((b) => (
        <li key={b.range}>
          <span className="qgw-rv-anchor-range">{t.anchorRange(b.range)}</span> {b.label}
        </li>
      ))}
    </ul>
  );
}
