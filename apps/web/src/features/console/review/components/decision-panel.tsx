import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Code, decisionLabels, reviewOutcomes, type ConsoleApplicationResponse, type Decision } from '@qgw/contracts';
import { ApiFailure, call } from '../../../../lib/request.js';
import { toastError } from '../../../../lib/toast.js';
import { TextArea } from '../../components/console-ui.js';
import { useConsoleMutation } from '../../hooks/use-console-mutation.js';
import { reviewOps } from '../api/operations.js';
import { reviewStrings as t } from '../strings.js';

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

/** An admin stages a decision (released later from 待发布结论); the version guards against a second admin. */
export function DecisionPanel({ app, onRefresh }: { app: ConsoleApplicationResponse; onRefresh(): void }) {
  const [decision, setDecision] = useState<Decision | ''>(app.staged?.decision ?? '');
  const [reason, setReason] = useState(app.staged?.reason ?? '');
  const [conflict, setConflict] = useState(false);
  const onError = (e: unknown) => (isConflict(e) ? setConflict(true) : toastError(e));
  const stage = useConsoleMutation(() => call(reviewOps.stage, { applicationId: app.id, decision: decision || undefined, reason, version: app.version }), {
    success: t.staged_,
  });
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
      <TextArea label={t.decisionReason} value={reason} onChange={setReason} rows={3} maxLength={500} />
      {conflict && <ConflictNotice onRefresh={refresh} />}
      <div className="qgw-cs-form-actions">
        <Button color="primary" loading={stage.isPending} disabled={stage.isPending} onClick={() => stage.mutate(undefined, { onError })}>
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
