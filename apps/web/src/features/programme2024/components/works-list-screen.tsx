import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { editableStatuses, routes, type ApplicationSummary } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { navigateTo } from '../../../lib/navigation.js';
import { StatusBadge, formatDateTime } from '../../../components/ui/application-status.js';
import { useWorks } from '../hooks/use-works.js';
import { programmeStrings as t } from '../strings.js';
import { ResultPlaceholder } from './entry-result.js';
import { ApplyWindowNote, useApplyWindow } from './programme-intro.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './programme.css';
import './works.css';

function WorkCard({ work }: { work: ApplicationSummary }) {
  const canEdit = editableStatuses.includes(work.status);
  const title = work.title || t.untitledWork;
  return (
    <li className="qgw-p24-work">
      <button
        type="button"
        className="qgw-p24-work-head qgw-p24-plain"
        onClick={() => navigateTo(routes.cxb2024.workResult, { id: work.id })}
        aria-label={title}
      >
        <span className="qgw-p24-work-title">{title}</span>
        <StatusBadge status={work.status} />
        <RightOutline className="qgw-p24-arrow" aria-hidden="true" />
      </button>
      {work.status === 'returned' && work.reason && (
        <p className="qgw-p24-reason">
          <strong>{t.reviewerReason}</strong>
          {work.reason}
        </p>
      )}
      <div className="qgw-p24-work-meta">
        <span>{t.updatedAt(formatDateTime(work.updatedAt))}</span>
        {canEdit && (
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => navigateTo(routes.apply.updateWork, { id: work.id })}
          >
            {t.editWork}
          </Button>
        )}
      </div>
    </li>
  );
}

function WorksList() {
  const works = useWorks();
  const applyWindow = useApplyWindow();
  const add = () => navigateTo(routes.apply.themeSelect);
  if (works.isPending) return <ResultPlaceholder state="loading" />;
  if (works.isError) return <ResultPlaceholder state="error" error={works.error} onRetry={() => void works.refetch()} />;
  return (
    <>
      {works.data.length === 0 ? (
        <div className="qgw-p24-empty">
          <ErrorBlock status="empty" title={t.worksEmpty} description={t.worksEmptyHint} />
        </div>
      ) : (
        <ul className="qgw-p24-list" aria-label={t.myWorksTitle}>
          {works.data.map((w) => (
            <WorkCard key={w.id} work={w} />
          ))}
        </ul>
      )}
      <div className="qgw-p24-footer">
        <Button className="qgw-primary-button" color="primary" block disabled={!applyWindow.open} onClick={add}>
          {t.addWork}
        </Button>
        <ApplyWindowNote applyWindow={applyWindow} />
      </div>
    </>
  );
}

/** pages/apply/index: the user's works with their states; new works start from a theme. */
export function WorksListScreen() {
  return (
    <PageLayout title={t.myWorksTitle}>
      <AuthGate>
        <WorksList />
      </AuthGate>
    </PageLayout>
  );
}
