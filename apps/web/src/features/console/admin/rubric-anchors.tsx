import { adminLimits } from '@qgw/contracts';
import { adminStrings as t } from './strings.js';

/** One score anchor as typed: the score is text until saved. */
export interface AnchorRow {
  key: string;
  score: string;
  label: string;
}

let nextAnchorKey = 0;
export const anchorKey = () => `anchor-${++nextAnchorKey}`;

/**
 * A criterion's score anchors (9 突出, 6 良好…): what each band of scores means, shown to reviewers
 * beside the criterion. Guidance only, so they may change on a locked rubric.
 */
export function AnchorsEditor({ n, anchors, onChange }: { n: number; anchors: AnchorRow[]; onChange(next: AnchorRow[]): void }) {
  const update = (i: number, patch: Partial<AnchorRow>) => onChange(anchors.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const full = anchors.length >= adminLimits.rubric.anchors;
  return (
    <fieldset className="qgw-cad-anchors">
      <legend>{t.anchorsOf(n)}</legend>
      {anchors.length === 0 && <p className="qgw-cad-version">{t.anchorsEmpty}</p>}
      {anchors.map((a, i) => (
        <div key={a.key} className="qgw-cad-anchor">
          <label>
            <span className="qgw-cad-anchor-caption">{t.anchorScore}</span>
            <input
              className="qgw-cs-input"
              type="number"
              min={0}
              value={a.score}
              aria-label={t.anchorScoreN(n, i + 1)}
              onChange={(e) => update(i, { score: e.target.value })}
            />
          </label>
          <label>
            <span className="qgw-cad-anchor-caption">{t.anchorLabel}</span>
            <input
              className="qgw-cs-input"
              value={a.label}
              maxLength={adminLimits.rubric.anchorLabel}
              aria-label={t.anchorLabelN(n, i + 1)}
              onChange={(e) => update(i, { label: e.target.value })}
            />
          </label>
          <button type="button" className="qgw-cs-text-button qgw-cs-danger" onClick={() => onChange(anchors.filter((_, j) => j !== i))}>
            {t.removeAnchor(n, i + 1)}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="qgw-cs-text-button"
        disabled={full}
        onClick={() => onChange([...anchors, { key: anchorKey(), score: '', label: '' }])}
      >
        {full ? t.anchorsFull(adminLimits.rubric.anchors) : t.addAnchor(n)}
      </button>
    </fieldset>
  );
}
