import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { navigateBack } from '../../lib/navigation.js';
import { commonStrings } from '../../lib/strings.js';
import { useGlobalStore } from '../../stores/global.js';
import './layouts.css';

interface PageLayoutProps {
  title: string;
  children: ReactNode;
  /** white page (forms) or the light grey of lists */
  tone?: 'white' | 'grey';
  /** what the back arrow does; one level back by default */
  onBack?: () => void;
}

/** A non-tab page: a navigation bar with the title and a back arrow under the status bar. */
export function PageLayout({ title, children, tone = 'grey', onBack }: PageLayoutProps) {
  const statusBarHeight = useGlobalStore((s) => s.statusBarHeight);
  return (
    <div className={`qgw-page qgw-page-${tone}`}>
      <header className="qgw-page-header" style={{ paddingTop: statusBarHeight }}>
        {/* antd-mobile's NavBar markup and class names, without its role="button" wrapper around the
            back button (a control inside a control, which screen readers cannot operate) */}
        <div className="adm-nav-bar">
          <div className="adm-nav-bar-left">
            <button
              type="button"
              className="qgw-nav-back"
              aria-label={commonStrings.back}
              onClick={() => (onBack ? onBack() : navigateBack(1))}
            >
              <LeftOutline />
            </button>
          </div>
          <div className="adm-nav-bar-title">
            <span className="qgw-nav-title">{title}</span>
          </div>
          <div className="adm-nav-bar-right" />
        </div>
      </header>
      <main className="qgw-page-body">{children}</main>
    </div>
  );
}
