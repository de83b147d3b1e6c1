import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, DotLoading } from 'antd-mobile';
import {
  CheckCircleFill,
  ClockCircleFill,
  CloseCircleFill,
  EditSFill,
  ExclamationCircleFill,
  InformationCircleFill,
} from 'antd-mobile-icons';
import { Code, routes, statusLabels, storageKeys, type ApplicationStatus } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { navigateTo, switchTab } from '../../../lib/navigation.js';
import { getString } from '../../../lib/storage.js';
import { queryClient } from '../../../lib/query-client.js';
import { formatDateTime, StatusTimeline } from '../../../components/ui/application-status.js';
import { WithdrawButton } from '../../applications/index.js';
import { useOpenPersonalInfo } from '../hooks/use-lookup.js';
import { useRankUserInfo } from '../hooks/use-rank-user.js';
import { statusOfCode } from '../status.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

const icons: Record<ApplicationStatus, ReactNode> = {
  draft: <EditSFill />,
  submitted: <ClockCircleFill />,
  under_review: <ClockCircleFill />,
  returned: <ExclamationCircleFill />,
  approved: <CheckCircleFill />,
  rejected: <CloseCircleFill />,
  withdrawn: <InformationCircleFill />,
};

const withdrawable: readonly ApplicationStatus[] = ['submitted', 'under_review'];
const hasDetail: readonly ApplicationStatus[] = ['submitted', 'under_review', 'approved', 'returned', 'rejected'];

function StatusBody() {
  const [params] = useSearchParams();
  const raw = params.get('status');
  const code = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const info = useRankUserInfo();
  const detail = useOpenPersonalInfo();
  const app = info.data?.rankUser ?? null;
  const [withdrawn, setWithdrawn] = useState(false);

  if (info.isPending && !info.isError) {
    return (
      <div className="qgw-ru-loading" role="status">
        <DotLoading color="primary" />
        <span>{t.loading}</span>
      </div>
    );
  }

  // not fetched: 重试 always; the code the address carries (after a submit) still names the state above it
  const failed = info.isError ? <LoadError error={info.error} title={t.statusFailed} onRetry={() => void info.refetch()} /> : null;
  if (failed && code === null) return failed;

  // the application itself says which state it is in; the code alone cannot tell returned from rejected
  let status: ApplicationStatus | null;
  if (withdrawn) status = 'withdrawn';
  else if (info.isSuccess) status = app?.status ?? null;
  else status = statusOfCode(code);
  const storedReason = code === Code.APPLY_REJECTED ? getString(storageKeys.applyStatusMessage) : null;
  const reason = app?.reason ?? storedReason;

  if (!status && info.isSuccess) {
    return (
      <section className="qgw-ru-state qgw-ru-state-neutral" aria-live="polite">
        <span className="qgw-ru-state-icon" aria-hidden="true">
          <InformationCircleFill />
        </span>
        <h1 className="qgw-ru-state-title">{t.noApplication}</h1>
        <p className="qgw-ru-state-desc">{t.noApplicationHint}</p>
        <div className="qgw-ru-actions">
          <Button block color="primary" shape="rounded" onClick={() => navigateTo(routes.cxb.process)}>
            {t.startApply}
          </Button>
          <Button block shape="rounded" onClick={() => switchTab(routes.home.index)}>
            {t.backHome}
          </Button>
        </div>
      </section>
    );
  }

  if (!status) {
    return (
      <>
        <section className="qgw-ru-state qgw-ru-state-neutral" aria-live="polite">
          <span className="qgw-ru-state-icon" aria-hidden="true">
            <InformationCircleFill />
          </span>
          <h1 className="qgw-ru-state-title">{code === Code.APPLY_REJECTED ? t.statusNeedsAttention : t.unknownStatus}</h1>
          {reason ? (
            <div className="qgw-ru-reason">
              <span className="qgw-ru-reason-label">{t.reasonLabel}</span>
              <p>{reason}</p>
            </div>
          ) : (
            <p className="qgw-ru-state-desc">{t.unknownStatusHint}</p>
          )}
          <div className="qgw-ru-actions">
            <Button block shape="rounded" onClick={() => switchTab(routes.home.index)}>
              {t.backHome}
            </Button>
          </div>
        </section>
        {failed}
      </>
    );
  }

  const tone =
    status === 'approved' ? 'good' : status === 'rejected' ? 'bad' : status === 'returned' ? 'action' : status === 'draft' || status === 'withdrawn' ? 'neutral' : 'wait';

  return (
    <>
      <section className={`qgw-ru-state qgw-ru-state-${tone}`} aria-live="polite">
        <span className="qgw-ru-state-icon" aria-hidden="true">
          {icons[status]}
        </span>
        <span className={`qgw-status-badge qgw-status-${tone}`}>{statusLabels[status]}</span>
        <h1 className="qgw-ru-state-title">{t.statusHeadings[status]}</h1>
        <p className="qgw-ru-state-desc">{t.statusDescriptions[status]}</p>
        {(status === 'returned' || status === 'rejected') && reason && (
          <div className="qgw-ru-reason">
            <span className="qgw-ru-reason-label">{t.reasonLabel}</span>
            <p>{reason}</p>
          </div>
        )}
        <dl className="qgw-ru-next">
          <dt>{t.nextStepLabel}</dt>
          <dd>{t.nextSteps[status]}</dd>
          {app?.submittedAt && (
            <>
              <dt>{t.submittedAt}</dt>
              <dd>{formatDateTime(app.submittedAt)}</dd>
            </>
          )}
        </dl>
        <div className="qgw-ru-actions">
          {status === 'returned' && (
            <Button block color="primary" shape="rounded" onClick={() => navigateTo(routes.cxbApplication.index)}>
              {t.fixApplication}
            </Button>
          )}
          {status === 'draft' && (
            <Button block color="primary" shape="rounded" onClick={() => navigateTo(routes.cxbApplication.index)}>
              {t.continueApplication}
            </Button>
          )}
          {status === 'withdrawn' && (
            <Button block color="primary" shape="rounded" onClick={() => navigateTo(routes.cxbApplication.applyNotice)}>
              {t.reapply}
            </Button>
          )}
          {app && hasDetail.includes(status) && (
            <Button block shape="rounded" onClick={() => void detail.run()} disabled={detail.pending}>
              {t.viewDetail}
            </Button>
          )}
          {app && withdrawable.includes(status) && (
            <WithdrawButton
              id={app.id}
              onWithdrawn={() => {
                setWithdrawn(true);
                void queryClient.invalidateQueries({ queryKey: ['rank-user'] });
              }}
            />
          )}
          <Button block shape="rounded" fill="none" onClick={() => switchTab(routes.home.index)}>
            {t.backHome}
          </Button>
        </div>
      </section>
      {app && !withdrawn && <StatusTimeline entries={app.timeline} />}
      {failed}
    </>
  );
}

/** pages/cxbCheck/checkStatus: the named state, the reviewer's reason, the timeline and what comes next. */
export function CheckStatusScreen() {
  return (
    <PageLayout title={t.statusTitle}>
      <AuthGate>
        <StatusBody />
      </AuthGate>
    </PageLayout>
  );
}
