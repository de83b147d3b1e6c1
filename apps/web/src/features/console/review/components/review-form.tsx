/**
 * The assigned reviewer's score sheet for one application (ReviewForm) and its loader (ReviewPanel,
 * which reads the saved draft first): scores, recommendation, comments, the draft saved as they
 * type, the desk's keyboard and the question before leaving unsaved work. The figures are in
 * review-scores.ts, the draft's saving in review-draft.ts, the keys in review-keys.ts; declaring a
 * conflict of interest is conflict-button.tsx.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useBlocker } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import {
  beijingHourMinute, decisionLabels, reviewLimits, reviewOutcomes, type ConsoleReview, type ConsoleReviewDraft, type ReviewCriterion,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { showToast } from '../../../../lib/toast.js';
import { ConsoleLoading, TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';
import { CriterionAnchors } from './criterion-anchors.js';
import { KeysHint } from './review-desk.js';
import { useDraftAutosave } from './review-draft.js';
import { focusTargetOf, reviewKeyAction } from './review-keys.js';
import { draftScores, parsedScores, startFrom, weightedTotal } from './review-scores.js';

/**
 * Leaving a half-typed review asks first: another screen of the app (返回队列, the nav, j / k)
 * through the router's blocker, and closing or reloading the page through the browser's own prompt.
 * With autosave only a change the server does not have yet counts. The blocker reads a ref, so a
 * navigation in the same tick as the save or the submission sees it.
 */
function useLeaveGuard(unsaved: boolean, unsavedNow: { current: boolean }) {
  const blocker = useBlocker(() => unsavedNow.current);
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

/** Moves the focus to criterion `index`'s score (selected, so a digit replaces it), or past the last to the recommendation. */
function focusCriterion(form: HTMLFormElement, index: number, select: boolean) {
  const field = form.querySelector<HTMLInputElement>(`[data-criterion-index="${index}"]`);
  if (field) {
    field.focus();
    if (select) field.select();
    return;
  }
  const radio = form.querySelector<HTMLInputElement>('input[name="recommendation"]:checked') ?? form.querySelector<HTMLInputElement>('input[name="recommendation"]');
  radio?.focus();
}

export interface ReviewFormProps {
  applicationId: string;
  rubric: readonly ReviewCriterion[];
  mine: ConsoleReview | undefined;
  /** the caller's saved draft, if any */
  draft: ConsoleReviewDraft | null;
  /** a desk-wide screen: the keyboard shortcuts work and are shown */
  desk: boolean;
  /** the review went in */
  onSubmitted?(): void;
}

/** The assigned reviewer's scores, recommendation, comment to the applicant and private note; saved as a draft as they type. */
export function ReviewForm({ applicationId, rubric, mine, draft, desk, onSubmitted }: ReviewFormProps) {
  const [start] = useState(() => startFrom(draft, mine));
  const [raw, setRaw] = useState(start.raw);
  const [recommendation, setRecommendation] = useState(start.recommendation);
  const [comment, setComment] = useState(start.comment);
  const [note, setNote] = useState(start.note);
  const [keyError, setKeyError] = useState<{ index: number; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const scores = parsedScores(rubric, raw);
  const total = weightedTotal(rubric, scores);
  // everything typed, as typed: a change is unsaved until the server holds it
  const typed = JSON.stringify([raw, recommendation, comment, note]);
  const autosave = useDraftAutosave(
    applicationId,
    typed,
    () => ({ scores: draftScores(rubric, scores), recommendation: recommendation || null, commentToApplicant: comment, privateNote: note }),
    draft?.savedAt ?? null,
  );
  const unsavedNow = useRef(false);
  useLayoutEffect(() => {
    unsavedNow.current = autosave.unsaved;
  });
  const submit = useConsoleMutation(
    async () => {
      await autosave.hold();
      try {
        return await call(reviewOps.review, { applicationId, scores, recommendation: recommendation || undefined, commentToApplicant: comment, privateNote: note });
      } catch (e) {
        autosave.release(null);
        throw e;
      }
    },
    {
      success: t.reviewSaved,
      onSuccess: () => {
        autosave.release({ snapshot: typed });
        unsavedNow.current = false;
        onSubmitted?.();
      },
    },
  );
  useLeaveGuard(autosave.unsaved && !submit.isPending, unsavedNow);

  // the keyboard at a desk (review-keys.ts); the latest sheet through a ref, one listener
  const rawNow = useRef(raw);
  useLayoutEffect(() => {
    rawNow.current = raw;
  });
  useEffect(() => {
    if (!desk) return;
    const onKey = (e: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || e.defaultPrevented) return;
      const scored = rubric.map((c) => (rawNow.current[c.id] ?? '').trim() !== '');
      const action = reviewKeyAction(e, focusTargetOf(document.activeElement), { maxScores: rubric.map((c) => c.maxScore), scored });
      if (action.type === 'submit') {
        e.preventDefault();
        form.requestSubmit();
      } else if (action.type === 'score') {
        e.preventDefault();
        const id = rubric[action.index]!.id;
        setRaw((r) => ({ ...r, [id]: action.value }));
        setKeyError(null);
        focusCriterion(form, action.advance ? action.index + 1 : action.index, action.advance);
      } else if (action.type === 'refuse') {
        e.preventDefault();
        setKeyError({ index: action.index, text: t.digitTooHigh(rubric[action.index]!.name, action.value, action.max) });
        focusCriterion(form, action.index, true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [desk, rubric]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    for (const c of rubric) {
      const v = scores[c.id];
      if (v === undefined) return showToast(t.scoreMissing(c.name));
      if (v < 0 || v > c.maxScore) return showToast(t.scoreRange(c.name, c.maxScore));
    }
    if (!submit.isPending) submit.mutate();
  };
  return (
    <form ref={formRef} className="qgw-cs-card qgw-rv-card qgw-rv-form" aria-label={t.reviewTitle} noValidate onSubmit={onSubmit}>
      <h2 className="qgw-rv-h2">{t.reviewTitle}</h2>
      {draft && <p className="qgw-cs-hint">{t.draftRestored}</p>}
      {mine?.needsRescore && <p className="qgw-rv-rescore-notice" role="note">{t.rescoreNotice(mine.rubricVersion)}</p>}
      {rubric.map((c, i) => (
        <div className="qgw-cs-field" key={c.id}>
          <label className="qgw-cs-label" htmlFor={`qgw-rv-score-${c.id}`}>
            {c.name}
          </label>
          <input
            id={`qgw-rv-score-${c.id}`}
            className="qgw-cs-input"
            // text, not number: the keyboard shortcuts read what is selected, which number fields do not tell
            type="text"
            inputMode="decimal"
            autoComplete="off"
            data-criterion-index={i}
            aria-describedby={keyError?.index === i ? `qgw-rv-key-error-${c.id}` : undefined}
            value={raw[c.id] ?? ''}
            onChange={(e) => {
              setKeyError(null);
              setRaw((r) => ({ ...r, [c.id]: e.target.value }));
            }}
          />
          <div className="qgw-cs-hint">
            {t.scoreLabel(c.description || c.name, c.maxScore)} · {t.weight(c.weight)}
          </div>
          <CriterionAnchors criterion={c} />
          {keyError?.index === i && (
            <p id={`qgw-rv-key-error-${c.id}`} className="qgw-rv-key-error" role="alert">
              {keyError.text}
            </p>
          )}
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
      <p className={autosave.status === 'failed' ? 'qgw-rv-draft qgw-rv-draft-failed' : 'qgw-rv-draft'} aria-live="polite">
        {autosave.status === 'saving'
          ? t.draftSaving
          : autosave.status === 'failed'
            ? t.draftFailed
            : autosave.savedAt && !autosave.unsaved
              ? t.draftSaved(beijingHourMinute(autosave.savedAt))
              : ''}
      </p>
      <div className="qgw-cs-form-actions">
        <Button type="submit" color="primary" loading={submit.isPending} disabled={submit.isPending} aria-keyshortcuts={desk ? 'Control+Enter Meta+Enter' : undefined}>
          {t.submitReview}
        </Button>
      </div>
      {desk && <KeysHint />}
    </form>
  );
}

/** The caller's draft is read first (a reload or another device resumes it), then the sheet starts from it. */
export function ReviewPanel(props: Omit<ReviewFormProps, 'draft'>) {
  const draft = useQuery({
    queryKey: reviewKeys.draft(props.applicationId),
    queryFn: () => call(reviewOps.draft, { applicationId: props.applicationId }),
    // never a copy from an earlier visit: what was typed since is on the server
    gcTime: 0,
    retry: false,
  });
  if (draft.isPending) return <ConsoleLoading rows={3} />;
  // a draft that cannot be read leaves the sheet as it would be without one
  return <ReviewForm {...props} draft={draft.data?.draft ?? null} />;
}
