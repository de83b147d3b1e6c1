import type { ReactNode } from 'react';
import { Button, NoticeBar, Skeleton } from 'antd-mobile';
import {
  CheckCircleFill,
  ClockCircleFill,
  CloseCircleFill,
  EditSFill,
  ExclamationCircleFill,
  MinusCircleOutline,
} from 'antd-mobile-icons';
// lifecycleCopy is read here, not through the feature's strings: the home's status card loads those and stays within its budget
import { lifecycleCopy, resubmitPhases, statusLabels, submitPhases, type ApplicationStatus, type RoutePath, type SubmitResponse } from '@qgw/contracts';
import { redirectTo, type RouteParams } from '../../../lib/navigation.js';
import { StatusTimeline, type TimelineItem } from '../../../components/ui/application-status.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { WithdrawButton } from '../../applications/index.js';
import { useCurrentStatus } from '../hooks/use-programme.js';
import { statusExplanations, programmeStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './programme.css';
import './results.css';

const icons: Record<ApplicationStatus, { icon: ReactNode; tone: string }> = {
  draft: { icon: <EditSFill />, tone: 'muted' },
  submitted: { icon: <ClockCircleFill />, tone: 'wait' },
  under_review: { icon: <ClockCircleFill />, tone: 'wait' },
  returned: { icon: <ExclamationCircleFill />, tone: 'warn' },
  approved: { icon: <CheckCircleFill />, tone: 'ok' },
  rejected: { icon: <CloseCircleFill />, tone: 'bad' },
  withdrawn: { icon: <MinusCircleOutline />, tone: 'muted' },
};

/** An application's state as a heading: icon, Chinese name, what it means, the reviewer's reason. */
export function ResultHeader({
  status,
  reason,
  title,
  explanations = statusExplanations,
}: {
  status: ApplicationStatus;
  reason: string | null;
  title?: string;
  /** what each state means, in the words of the kind of application */
  explanations?: Record<ApplicationStatus, string>;
}) {
  const { icon, tone } = icons[status];
  const showReason = reason && (status === 'returned' || status === 'rejected');
  return (
    <section className="qgw-p24-result-head" aria-live="polite">
      <span className={`qgw-p24-result-icon qgw-p24-result-icon-${tone}`} aria-hidden="true">
        {icon}
      </span>
      {title && <p className="qgw-p24-result-desc">{title}</p>}
      <h1 className="qgw-p24-result-state" data-testid="application-status">
        {statusLabels[status]}
      </h1>
      <p className="qgw-p24-result-desc">{explanations[status]}</p>
      {showReason && (
        <div className="qgw-p24-reason">
          <strong>{t.reviewerReason}</strong>
          {reason}
        </div>
      )}
    </section>
  );
}

/** The loading, failed and nothing-yet states every result page shares. */
export function ResultPlaceholder({
  state,
  emptyText,
  emptyAction,
  onRetry,
  error,
}: {
  state: 'loading' | 'error' | 'empty';
  emptyText?: string;
  emptyAction?: { text: string; onClick(): void };
  onRetry?: () => void;
  /** what failed, said in the request wrapper's words */
  error?: unknown;
}) {
  if (state === 'loading') {
    return (
      <div className="qgw-p24-result">
        <div className="qgw-p24-result-head">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      </div>
    );
  }
  if (state === 'error') {
    return <LoadError error={error} onRetry={() => onRetry?.()} />;
  }
  return (
    <div className="qgw-p24-empty">
      <ErrorBlock status="empty" title={emptyText} description="" />
      {emptyAction && (
        <Button color="primary" shape="rounded" onClick={emptyAction.onClick}>
          {emptyAction.text}
        </Button>
      )}
    </div>
  );
}

export interface ResultBodyProps {
  status: ApplicationStatus;
  reason: string | null;
  timeline: readonly TimelineItem[];
  id: string;
  /** the form's content, as read-only rows */
  details: ReactNode;
  /** "修改" when the entry may be edited (draft or returned) */
  onEdit?: () => void;
  editText?: string;
  onWithdrawn(answer: SubmitResponse): void;
  /** a line above the state (e.g. the work's title) */
  subtitle?: string;
  explanations?: Record<ApplicationStatus, string>;
  withdrawText?: string;
  /** false for an entry outside the programme (membership): it can be sent whatever the programme's phase */
  inProgramme?: boolean;
}

const withdrawable: readonly ApplicationStatus[] = ['draft', 'submitted', 'under_review'];
/** a withdrawn entry is not changed but sent again, as a new entry starting from its answers */
const editable: readonly ApplicationStatus[] = ['draft', 'returned', 'withdrawn'];

/**
 * Whether an entry in this state can be sent now, as the server rules it: a draft only while the
 * programme takes entries, a returned entry during review too. Until the phase is known, it can.
 */
function useSendWindow(status: ApplicationStatus, inProgramme: boolean): { open: boolean; reason: string } {
  const phase = useCurrentStatus().data?.phase;
  if (!inProgramme || !phase) return { open: true, reason: '' };
  const open = (status === 'returned' ? resubmitPhases : submitPhases).includes(phase);
  return { open, reason: open ? '' : t.cannotApply(phase) };
}

/** A result page's content: the state, what comes next, the details and the timeline. */
export function ResultBody(props: ResultBodyProps) {
  const { status, reason, timeline, id, details, onEdit, editText, onWithdrawn, subtitle, explanations, withdrawText, inProgramme = true } = props;
  const sendWindow = useSendWindow(status, inProgramme);
  // filling in an entry that cannot be sent any more would end in a refusal: say so instead
  const closedForEdits = editable.includes(status) && Boolean(onEdit) && !sendWindow.open;
  const canEdit = editable.includes(status) && onEdit && sendWindow.open;
  const canWithdraw = withdrawable.includes(status);
  return (
    <div className="qgw-p24-result">
      <ResultHeader
        status={status}
        reason={reason}
        {...(subtitle ? { title: subtitle } : {})}
        {...(explanations ? { explanations } : {})}
      />
      {details}
      <StatusTimeline entries={timeline} />
      {closedForEdits && (
        <div className="qgw-p24-notice" role="note">
          <span>{sendWindow.reason}</span>
        </div>
      )}
      {(canEdit || canWithdraw) && (
        <div className="qgw-p24-footer">
          <div className="qgw-p24-footer-row">
            {canWithdraw && (
              <WithdrawButton id={id} onWithdrawn={onWithdrawn} {...(withdrawText ? { buttonText: withdrawText } : {})} />
            )}
            {canEdit && (
              <Button className="qgw-primary-button" color="primary" block onClick={onEdit}>
                {editText ?? (status === 'draft' ? t.continueDraft : status === 'withdrawn' ? t.applyAgain : t.editEntry)}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** An entry under review (or decided) cannot be changed here; say so and point to its progress. */
export function NotEditable({
  status,
  resultRoute,
  params,
}: {
  status: ApplicationStatus;
  resultRoute: RoutePath;
  params?: RouteParams;
}) {
  return (
    <div className="qgw-p24-empty">
      <ErrorBlock
        status="default"
        title={t.notEditable}
        description={status === 'approved' || status === 'rejected' ? '' : lifecycleCopy.notEditable}
      />
      <Button color="primary" shape="rounded" onClick={() => redirectTo(resultRoute, params)}>
        {t.viewProgress}
      </Button>
    </div>
  );
}

/** Above a form: a returned entry's reviewer reason, or that a saved draft was picked up again. */
export function FormNotice({
  editing,
  resumed,
}: {
  editing: { status: ApplicationStatus; reason: string | null } | null;
  resumed: boolean;
}) {
  if (editing?.status === 'returned') {
    return (
      <div className="qgw-p24-form-notice">
        <NoticeBar content={t.returnedBanner} color="alert" wrap />
        {editing.reason && (
          <p className="qgw-p24-reason">
            <strong>{t.reviewerReason}</strong>
            {editing.reason}
          </p>
        )}
      </div>
    );
  }
  if (resumed) return <NoticeBar className="qgw-p24-resumed" content={t.resumed} color="info" wrap />;
  return null;
}
