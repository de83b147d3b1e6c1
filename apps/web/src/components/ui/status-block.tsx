import type { ReactNode } from 'react';
import { CloseCircleOutline, ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import './status-block.css';

const icons: Record<'disconnected' | 'empty' | 'info', ReactNode> = {
  disconnected: <CloseCircleOutline />,
  empty: <InformationCircleOutline />,
  info: <ExclamationCircleOutline />,
};

/**
 * A state with an icon, a title and a line of explanation (page not found, please log in, a screen
 * that failed). Light on purpose: these show on the first screens, where every kilobyte counts, so
 * they carry an icon instead of an illustration.
 */
export function StatusBlock({ status, title, description }: { status: keyof typeof icons; title: string; description?: string }) {
  return (
    <div className={`qgw-status-block qgw-status-block-${status}`}>
      <span className="qgw-status-block-icon" aria-hidden="true">
        {icons[status]}
      </span>
      <p className="qgw-status-block-title">{title}</p>
      {description && <p className="qgw-status-block-desc">{description}</p>}
    </div>
  );
}
