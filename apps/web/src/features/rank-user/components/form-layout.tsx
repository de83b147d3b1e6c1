import type { ReactNode } from 'react';
import { Button, DotLoading, NoticeBar } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { redirectTo } from '../../../lib/navigation.js';
import { DraftIndicator, FormSteps, StartingAnswersNotice } from '../../applications/index.js';
import { useRankUserForm, type RankUserFormState } from '../hooks/use-rank-user.js';
import { statusCodeOf } from '../status.js';
import { rankUserStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './rank-user.css';

function Locked({ state }: { state: RankUserFormState }) {
  const status = state.existing?.status;
  return (
    <div className="qgw-ru-locked">
      <ErrorBlock status="default" title={t.lockedTitle} description={t.lockedHint} />
      <Button
        color="primary"
        shape="rounded"
        onClick={() => redirectTo(routes.cxbCheck.checkStatus, { status: status ? statusCodeOf(status) : undefined })}
      >
        {t.lockedAction}
      </Button>
    </div>
  );
}

function Body({ step, children }: { step: number; children(state: RankUserFormState): ReactNode }) {
  const state = useRankUserForm();
  const { mode, draft, existing } = state;
  if (mode === 'locked') return <Locked state={state} />;
  if (mode === 'loading' || !draft.ready || state.start.pending) {
    return (
      <div className="qgw-ru-loading" role="status">
        <DotLoading color="primary" />
        <span>{t.formLoading}</span>
      </div>
    );
  }
  return (
    <>
      <FormSteps steps={t.steps} current={step} />
      {mode === 'edit' && (
        <div className="qgw-ru-returned">
          <NoticeBar content={t.returnedBanner} color="alert" wrap />
          {existing?.reason && (
            <p className="qgw-ru-returned-reason">
              <strong>{t.reasonLabel}：</strong>
              {existing.reason}
            </p>
          )}
        </div>
      )}
      {mode === 'new' && draft.resumed && step === 0 && <NoticeBar content={t.resumed} color="info" wrap />}
      {step === 0 && <StartingAnswersNotice start={state.start} />}
      {mode === 'new' && <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />}
      {children(state)}
    </>
  );
}

/** A step of the rank-user form: nav bar, steps, returned-for-changes notice, draft indicator. */
export function RankUserFormLayout({ step, children }: { step: number; children(state: RankUserFormState): ReactNode }) {
  return (
    <PageLayout title={t.formTitle} tone="grey">
      <AuthGate>
        <Body step={step}>{children}</Body>
      </AuthGate>
    </PageLayout>
  );
}
