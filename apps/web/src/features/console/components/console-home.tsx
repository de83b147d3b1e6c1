import { Link } from 'react-router';
import { AppstoreOutline, FileOutline, GlobalOutline, TeamOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { consolePaths } from '../paths.js';
import { consoleStrings as t } from '../strings.js';
import { ConsoleLoading, ConsolePage } from './console-ui.js';

// a chunk of its own (with Chart.js behind it): the app's route table, which the first screens
// load, lists only this screen's chunk and not the dashboard's dependencies
const DashboardPanel = lazy(() => import('../dashboard/components/dashboard-panel.js').then((m) => ({ default: m.DashboardPanel })));

const cards: { to: string; title: string; desc: string; icon: ReactNode }[] = [
  { to: consolePaths.articles, title: t.nav.articles, desc: t.homeCards.articles, icon: <FileOutline /> },
  { to: consolePaths.leaders, title: t.nav.leaders, desc: t.homeCards.leaders, icon: <TeamOutline /> },
  { to: consolePaths.subdivisions, title: t.nav.subdivisions, desc: t.homeCards.subdivisions, icon: <AppstoreOutline /> },
  { to: consolePaths.members, title: t.nav.members, desc: t.homeCards.members, icon: <UnorderedListOutline /> },
  { to: consolePaths.webview, title: t.nav.webview, desc: t.homeCards.webview, icon: <GlobalOutline /> },
];

/**
 * /console (概览, admins; the layout sends reviewers to their queue): the round in figures and
 * charts, then where each kind of content is edited.
 */
export function ConsoleHome() {
  return (
    <ConsolePage title={t.nav.home}>
      <Suspense fallback={<ConsoleLoading />}>
        <DashboardPanel />
      </Suspense>
      <h2 className="qgw-db-section-title">{t.homeTitle}</h2>
      <p className="qgw-cs-intro">{t.homeHint}</p>
      <ul className="qgw-cs-cards">
        {cards.map((c) => (
          <li key={c.to}>
            <Link to={c.to} className="qgw-cs-card qgw-cs-home-card">
              <span className="qgw-cs-home-icon" aria-hidden="true">
                {c.icon}
              </span>
              <span>
                <span className="qgw-cs-home-title">{c.title}</span>
                <span className="qgw-cs-home-desc">{c.desc}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}
