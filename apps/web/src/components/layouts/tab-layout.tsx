import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AppOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { routes, tabBar, type RoutePath } from '@qgw/contracts';
import { commonStrings } from '../../lib/strings.js';
import { useGlobalStore } from '../../stores/global.js';
import './layouts.css';

const icons: Record<string, ReactNode> = {
  [routes.home.index]: <AppOutline />,
  [routes.intro.index]: <TeamOutline />,
  [routes.account.index]: <UserOutline />,
};

/** The programme home (the default entry) is the home tab under another address. */
const tabOf = (pathname: string): RoutePath | undefined =>
  pathname === routes.cxb2024.index ? routes.home.index : tabBar.list.find((t) => t.path === pathname)?.path;

/** A tab page: content above the spec's tab bar (text #333 on #fff, white border). */
export function TabLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const active = tabOf(pathname);
  const statusBarHeight = useGlobalStore((s) => s.statusBarHeight);
  return (
    <div className="qgw-tab-page" style={{ paddingTop: statusBarHeight }}>
      <main className="qgw-tab-body">{children}</main>
      <nav
        className="qgw-tabbar"
        aria-label={commonStrings.tabBarLabel}
        style={{ color: tabBar.color, backgroundColor: tabBar.backgroundColor, borderTop: '1px solid #fff' }}
      >
        {tabBar.list.map((tab) => {
          const isActive = tab.path === active;
          return (
            <Link
              key={tab.path}
              to={tab.path}
              replace
              className={isActive ? 'qgw-tab qgw-tab-active' : 'qgw-tab'}
              aria-current={isActive ? 'page' : undefined}
            >
              <span className="qgw-tab-icon" aria-hidden="true">
                {icons[tab.path]}
              </span>
              <span className="qgw-tab-text">{tab.text}</span>
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
