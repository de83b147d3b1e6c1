import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Code, decisionLabels, reviewLimits, reviewOutcomes, type ConsoleApplicationResponse, type Decision } from '@qgw/contracts';
import { ApiFailure, call } from '../../../../lib/request.js';
import { toastError } from '../../../../lib/toast.js';
import { TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';
// its own styles: opened directly (a reload, a link) no other review screen has brought them
import './review.css';

/** Another admin changed the application first (the version moved on): reload before deciding. */
export const isConflict = (e: unknown): boolean => e instanceof ApiFailure && e.code === Code.CONFLICT;

export function ConflictNotice({ onRefresh }: { onRefresh(): void }) {
  return (
    <div className="qgw-rv-conflict" role="alert">
      <span>{t.conflict}</span>
      <Button size="small" onClick={onRefresh}>
        {t.refresh}
      </Button>
    </div>
  );
}

/** Too few completed reviews for an approve or reject: the admin may state why and stage anyway. */
const isTooFewReviews = (e: unknown): e is ApiFailure => e instanceof ApiFailure && e.code === Code.REVIEWS_TOO_FEW;

/**
 * An admin stages a decision (released later from 待发布结论); the version guards against a second
 * admin. An approve or reject with fewer completed reviews than the kind's minimum is refused with
 * the counts; the panel then asks for the reason to decide without them, which is audited.
 */
export function DecisionPanel({ app, onRefresh }: { app: ConsoleApplicationResponse; onRefresh(): void }) {
  const [decision, setDecision] = useState<Decision | ''>(app.staged?.decision ?? '');
  const [reason, setReason] = useState(app.staged?.reason ?? '');
  const [conflict, setConflict] = useState(false);
  /** the server's refusal for too few reviews, when it came; then the override reason is asked for */
  const [tooFew, setTooFew] = useState<string | null>(null);
  const [override, setOverride] = useState('');
  const onError = (e: unknown) => {
    if (isConflict(e)) setConflict(true);
    else if (isTooFewReviews(e)) setTooFew(e.message);
    else toastError(e);
  };
  const stage = useConsoleMutation(
    () =>
      call(reviewOps.stage, {
        applicationId: app.id,
        decision: decision || undefined,
        reason,
        version: app.version,
        ...(tooFew && decision !== 'return' ? { override } : {}),
      }),
    { success: t.staged_ },
  );
  const unstage = useConsoleMutation(() => call(reviewOps.unstage, { applicationId: app.id, version: app.version }));
  const refresh = () => {
    setConflict(false);
    onRefresh();
  };
  return (
    <section className="qgw-cs-card qgw-rv-card qgw-rv-form" aria-label={t.stageTitle}>
      <h2 className="qgw-rv-h2">{t.stageTitle}</h2>
      {app.staged && <p className="qgw-cs-hint">{t.stagedNow(decisionLabels[app.staged.decision], app.staged.stagedBy.nickname)}</p>}
      <fieldset className="qgw-rv-fieldset">
        <legend>{t.decision}</legend>
        <div className="qgw-rv-radios">
          {reviewOutcomes.map((o) => (
            <label key={o} className="qgw-rv-radio">
              <input type="radio" name="decision" value={o} checked={decision === o} onChange={() => setDecision(o)} />
              {decisionLabels[o]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label={t.decisionReason} value={reason} onChange={setReason} rows={3} maxLength={reviewLimits.reason.max} />
      {tooFew && decision !== 'return' && (
        <div className="qgw-rv-override">
          <p className="qgw-rv-conflict" role="alert">
            {tooFew}
          </p>
          <TextArea label={t.overrideReason} value={override} onChange={setOverride} rows={2} maxLength={reviewLimits.overrideReason.max} hint={t.overrideHint} />
        </div>
      )}
      {conflict && <ConflictNotice onRefresh={refresh} />}
      <div className="qgw-cs-form-actions">
        <Button color="primary" loading={stage.isPending} disabled={stage.isPending} onClick={() => stage.mutate(undefined, { onError, onSuccess: () => setTooFew(null) })}>
          {t.stage}
        </Button>
        {app.staged && (
          <Button loading={unstage.isPending} onClick={() => unstage.mutate(undefined, { onError })}>
            {t.unstage}
          </Button>
        )}
      </div>
    </section>
  );
}
