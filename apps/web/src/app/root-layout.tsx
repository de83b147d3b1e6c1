import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { commonStrings } from '../lib/strings.js';
import './status-screens.css';

/** Wraps every screen: a thin progress bar while the next screen's chunk loads, scroll restored on back. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="qgw-nav-progress" aria-hidden="true" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first screen's chunk arrives. */
export function ScreenLoading() {
  return (
    <div className="qgw-screen-loading" role="status">
      <DotLoading color="primary" />
      <span>{commonStrings.loading}</span>
    </div>
  );
}
