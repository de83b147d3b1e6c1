import { CheckCircleOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
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
