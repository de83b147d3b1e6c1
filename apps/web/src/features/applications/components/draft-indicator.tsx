import { Button, NoticeBar } from 'antd-mobile';
import { CheckCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import type { StartingAnswers } from '../hooks/use-prefill.js';
import { prefillStrings } from '../prefill-strings.js';
import { applicationStrings as t } from '../strings.js';
import './applications.css';

const hhmm = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** "已自动保存 HH:mm" (or saving / failed) next to a form that autosaves. */
export function DraftIndicator({
  savedAt,
  saving,
  failed,
}: {
  savedAt: string | null;
  saving: boolean;
  failed: boolean;
}) {
  let content: React.ReactNode = null;
  if (saving) content = <span className="qgw-draft qgw-draft-saving">{t.draftSaving}</span>;
  else if (failed)
    content = (
      <span className="qgw-draft qgw-draft-failed">
        <ExclamationCircleOutline aria-hidden="true" /> {t.draftFailed}
      </span>
    );
  else if (savedAt)
    content = (
      <span className="qgw-draft qgw-draft-saved">
        <CheckCircleOutline aria-hidden="true" /> {t.draftSaved(hhmm(savedAt))}
      </span>
    );
  return (
    <div className="qgw-draft-line" role="status" aria-live="polite">
      {content}
    </div>
  );
}

/**
 * Above a new application's first fields: the offer of the last application's answers, as a
 * question the person answers; or, once some fields were filled in, a line saying so. (Here, next
 * to the draft's state that every form shows, so that both load as one chunk.)
 */
export function StartingAnswersNotice({ start }: { start: StartingAnswers }) {
  const { offer } = start;
  const p = prefillStrings;
  if (offer) {
    return (
      <section className="qgw-app-offer" role="region" aria-label={p.previousOffer}>
        <p className="qgw-app-offer-title">{p.previousOffer}</p>
        <p className="qgw-app-offer-hint">{p.previousOfferHint(offer.sentOn)}</p>
        <div className="qgw-app-offer-actions">
          <Button size="small" shape="rounded" onClick={offer.decline}>
            {p.previousDecline}
          </Button>
          <Button size="small" shape="rounded" color="primary" onClick={offer.accept}>
            {p.previousAccept}
          </Button>
        </div>
      </section>
    );
  }
  if (start.failure) {
    const { message, retry } = start.failure;
    return (
      <div className="qgw-app-prefill-failed" role="alert">
        <ExclamationCircleOutline aria-hidden="true" />
        <p>
          {p.prefillFailed}
          <span className="qgw-app-prefill-reason">{message}</span>
        </p>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={retry}>
          {p.prefillRetry}
        </Button>
      </div>
    );
  }
  if (start.filled) return <NoticeBar className="qgw-app-prefilled" content={p.prefilled} color="info" wrap />;
  return null;
}
