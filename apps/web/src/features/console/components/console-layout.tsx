import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { loginReturningTo } from '../../../lib/navigation.js';
import { useAdminGate } from '../hooks/use-admin-gate.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { ConsolePerson } from '../access/console-person.js';
import { consolePaths } from '../paths.js';
import { reviewPaths } from '../review/paths.js';
import { reviewStrings } from '../review/strings.js';
import { assignmentStrings } from '../review/assignment-strings.js';
import { ReminderBanner } from '../review/components/reminder-banner.js';
import { rankingStrings } from '../ranking/strings.js';
import { consoleStrings as t } from '../strings.js';
import { adminStrings } from '../admin/strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './console.css';

const nav = [
  { to: consolePaths.home, text: t.nav.home, end: true },
  { to: consolePaths.articles, text: t.nav.articles, end: false },
  { to: consolePaths.leaders, text: t.nav.leaders, end: false },
  { to: consolePaths.subdivisions, text: t.nav.subdivisions, end: false },
  { to: consolePaths.members, text: t.nav.members, end: false },
  { to: consolePaths.webview, text: t.nav.webview, end: false },
  { to: reviewPaths.queue, text: reviewStrings.nav.queue, end: false },
  { to: reviewPaths.assignments, text: assignmentStrings.nav, end: false },
  { to: reviewPaths.ranking, text: rankingStrings.nav, end: false },
  { to: reviewPaths.decisions, text: reviewStrings.nav.decisions, end: false },
  { to: reviewPaths.deliveries, text: reviewStrings.nav.deliveries, end: false },
  { to: consolePaths.adminUsers, text: adminStrings.nav.people, end: false },
  { to: consolePaths.adminProgramme, text: adminStrings.nav.programme, end: false },
  { to: consolePaths.adminAudit, text: adminStrings.nav.audit, end: false },
] as const;

/** What a reviewer (not an admin) is shown: the reviewing screens. */
const reviewerNav = new Set<string>([reviewPaths.queue]);

function GateScreen({ state }: { state: 'guest' | 'checking' | 'denied' }) {
  const location = useLocation();
  if (state === 'checking') {
    return (
      <div className="qgw-cs-gate" role="status">
        <DotLoading color="primary" />
        <span>{t.checking}</span>
      </div>
    );
  }
  const guest = state === 'guest';
  return (
    <div className="qgw-cs-gate" role="alert">
      <ErrorBlock
        status={guest ? 'empty' : 'default'}
        title={guest ? t.loginTitle : t.forbiddenTitle}
        description={guest ? t.loginHint : t.forbiddenHint}
      />
      <div className="qgw-cs-gate-actions">
        {guest ? (
          <Link
            className="adm-button adm-button-primary adm-button-shape-rounded qgw-cs-link-button"
            // the console's own login, back to this console page once signed in
            to={loginReturningTo(`${location.pathname}${location.search}`)}
          >
            {t.toLogin}
          </Link>
        ) : (
          <Link className="adm-button adm-button-default adm-button-shape-rounded qgw-cs-link-button" to={routes.account.index}>
            {t.backToAccount}
          </Link>
        )}
      </div>
    </div>
  );
}

/** The console shell: admins only; a top bar, the section navigation (side on wide screens) and the page. */
export function ConsoleLayout() {
  const gate = useAdminGate();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // on a phone the section bar scrolls sideways: keep the current section in view
  useEffect(() => {
    navRef.current?.querySelector('.qgw-cs-nav-active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, gate]);
  if (gate !== 'admin' && gate !== 'reviewer') return <GateScreen state={gate} />;
  // a reviewer has no content to edit: the console opens on the review queue
  if (gate === 'reviewer' && pathname === consolePaths.home) return <Navigate to={reviewPaths.queue} replace />;
  const items = gate === 'admin' ? nav : nav.filter((item) => reviewerNav.has(item.to));
  return (
    <div className="qgw-cs">
      <header className="qgw-cs-top">
        <Link to={consolePaths.home} className="qgw-cs-brand">
          <span className="qgw-cs-brand-mark" aria-hidden="true">
            青
          </span>
          {t.brand}
        </Link>
        <div className="qgw-cs-top-end">
          <Link to={routes.account.index} className="qgw-cs-to-site">
            {t.toSite}
          </Link>
          <ConsolePerson role={gate} />
        </div>
      </header>
      <div className="qgw-cs-frame">
        <nav ref={navRef} className="qgw-cs-nav" aria-label={t.navLabel}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => (isActive ? 'qgw-cs-nav-item qgw-cs-nav-active' : 'qgw-cs-nav-item')}>
              {item.text}
            </NavLink>
          ))}
        </nav>
        <main className="qgw-cs-main">
          {/* every console page, content editing included, needs the second factor */}
          <ConsoleAccessGate>
            {/* an admin's reminder stays above a reviewer's pages until they have read it */}
            {gate === 'reviewer' && <ReminderBanner />}
            <Outlet />
          </ConsoleAccessGate>
        </main>
      </div>
    </div>
  );
}

