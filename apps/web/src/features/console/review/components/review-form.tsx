import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { reviewLimits, reviewOutcomes, decisionLabels, type ConsoleReview, type ReviewCriterion, type ReviewRecommendation } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

/** The same weighted mean the server stores: every criterion scaled to its maximum, weighted, out of 100. */
export function weightedTotal(rubric: readonly ReviewCriterion[], scores: Record<string, number>): number {
  const weights = rubric.reduce((sum, c) => sum + c.weight, 0);
  if (weights <= 0) return 0;
  const sum = rubric.reduce((acc, c) => acc + (c.maxScore > 0 ? (scores[c.id] ?? 0) / c.maxScore : 0) * c.weight, 0);
  return Math.round((sum / weights) * 10000) / 100;
}

function parsedScores(rubric: readonly ReviewCriterion[], raw: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of rubric) {
    const v = raw[c.id];
    if (v !== undefined && v.trim() !== '' && Number.isFinite(Number(v))) out[c.id] = Number(v);
  }
  return out;
}

/**
 * Leaving a half-typed review asks first: another screen of the app (返回队列, the nav) through the
 * router's blocker, and closing or reloading the page through the browser's own prompt.
 */
function useLeaveGuard(unsaved: boolean) {
  const blocker = useBlocker(unsaved);
  // one question per blocked navigation, however often the screen draws meanwhile
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void Dialog.confirm({ content: t.leaveUnsaved, confirmText: t.leave, cancelText: t.stay }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}

/** The assigned reviewer's scores, recommendation, comment to the applicant and private note. */
export function ReviewForm({ applicationId, rubric, mine }: { applicationId: string; rubric: readonly ReviewCriterion[]; mine: ConsoleReview | undefined }) {
  const [raw, setRaw] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(mine?.scores ?? {}).map(([k, v]) => [k, String(v)])));
  const [recommendation, setRecommendation] = useState<ReviewRecommendation | ''>(mine?.recommendation ?? '');
  const [comment, setComment] = useState(mine?.commentToApplicant ?? '');
  const [note, setNote] = useState(mine?.privateNote ?? '');
  const scores = parsedScores(rubric, raw);
  const total = weightedTotal(rubric, scores);
  // what the server holds now: typing away from it makes the form unsaved
  const typed = JSON.stringify([raw, recommendation, comment, note]);
  const [saved, setSaved] = useState(typed);
  const unsaved = typed !== saved;
  const submit = useConsoleMutation(
    () => call(reviewOps.review, { applicationId, scores, recommendation: recommendation || undefined, commentToApplicant: comment, privateNote: note }),
    { success: t.reviewSaved, onSuccess: () => setSaved(typed) },
  );
  useLeaveGuard(unsaved && !submit.isPending);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    for (const c of rubric) {
      const v = scores[c.id];
      if (v === undefined) return showToast(t.scoreMissing(c.name));
      if (v < 0 || v > c.maxScore) return showToast(t.scoreRange(c.name, c.maxScore));
    }
    submit.mutate();
  };
  return (
    <form className="qgw-cs-card qgw-rv-card qgw-rv-form" aria-label={t.reviewTitle} noValidate onSubmit={onSubmit}>
      <h2 className="qgw-rv-h2">{t.reviewTitle}</h2>
      {rubric.map((c) => (
        <div className="qgw-cs-field" key={c.id}>
          <label className="qgw-cs-label" htmlFor={`qgw-rv-score-${c.id}`}>
            {c.name}
          </label>
          <input
            id={`qgw-rv-score-${c.id}`}
            className="qgw-cs-input"
            type="number"
            inputMode="decimal"
            // a score is 0..maxScore of its criterion (ZRubricCriterion); the range comes with the rubric, not a schema
            min={0}
            max={c.maxScore}
            step="any"
            value={raw[c.id] ?? ''}
            onChange={(e) => setRaw((r) => ({ ...r, [c.id]: e.target.value }))}
          />
          <div className="qgw-cs-hint">
            {t.scoreLabel(c.description || c.name, c.maxScore)} · {t.weight(c.weight)}
          </div>
        </div>
      ))}
      <p className="qgw-rv-total" aria-live="polite">
        {t.total}：<output aria-label={t.total}>{total.toFixed(2)}</output>
      </p>
      <fieldset className="qgw-rv-fieldset">
        <legend>{t.recommendation}</legend>
        <div className="qgw-rv-radios">
          {reviewOutcomes.map((o) => (
            <label key={o} className="qgw-rv-radio">
              <input type="radio" name="recommendation" value={o} checked={recommendation === o} onChange={() => setRecommendation(o)} />
              {decisionLabels[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label={t.commentToApplicant} value={comment} onChange={setComment} rows={3} maxLength={reviewLimits.comment.max} />
      <TextArea label={t.privateNote} value={note} onChange={setNote} rows={3} maxLength={reviewLimits.note.max} />
      <div className="qgw-cs-form-actions">
        <Button type="submit" color="primary" loading={submit.isPending} disabled={submit.isPending}>
          {t.submitReview}
        </Button>
      </div>
    </form>
  );
}

/** A reviewer steps aside: the assignment is removed and the declaration audited. */
export function ConflictButton({ applicationId, onDeclared }: { applicationId: string; onDeclared(): void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const declare = useConsoleMutation(() => call(reviewOps.conflict, { applicationId, reason }), { success: t.conflictDeclared, onSuccess: onDeclared });
  if (!open) {
    return (
      <Button fill="outline" color="warning" onClick={() => setOpen(true)}>
        {t.declareConflict}
      </Button>
    );
  }
  return (
    <div className="qgw-cs-card qgw-rv-card qgw-rv-form">
      <TextArea label={t.conflictReason} value={reason} onChange={setReason} rows={2} maxLength={reviewLimits.conflictReason.max} />
      <div className="qgw-cs-form-actions">
        <Button
          color="warning"
          loading={declare.isPending}
          onClick={() =>
            void Dialog.confirm({ content: t.declareConflict, confirmText: t.confirm, cancelText: t.cancel }).then((ok) => ok && declare.mutate())
          }
        >
          {t.declareConflict}
        </Button>
        <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
      </div>
    </div>
  );
}
