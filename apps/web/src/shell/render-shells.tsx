import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router, createPath, type Navigator, type To } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultRoute, routes, type RoutePath } from '@qgw/contracts';
import { LoginScreen } from '../features/accounts/components/login-screen.js';
import { HomeScreen } from '../features/home/home-screen.js';
import { ProgrammeName, ProgrammeStatus } from '../features/programme2024/components/programme-status.js';
import { useGlobalStore } from '../stores/global.js';
import { useSession } from '../stores/session.js';

/**
 * The first screens as static HTML, rendered at build time (build/app-shell.ts) into index.html so
 * that a phone paints them before any JavaScript has run. Only used by the build: the shipped app
 * never imports this module.
 */

export type ShellName = 'home' | 'login';

export interface Shell {
  name: ShellName;
  /** the route the screen is rendered at */
  path: RoutePath;
  /** other routes that show the same screen */
  aliases: RoutePath[];
  /** every hash route the shell stands for: its route, the aliases and, for the default route, `/` */
  routes: string[];
  html: string;
}

/** Links point where the app's hash router would point them (`#/pages/…`); nothing navigates here. */
const hashNavigator: Navigator = {
  createHref: (to: To) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

function render(path: RoutePath, name: ShellName, screen: ReactNode): string {
  // nothing is fetched while rendering: every query shows its loading state, as on the app's first frame
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router location={path} navigator={hashNavigator} static>
        {screen}
      </Router>
    </QueryClientProvider>,
    // both shells sit in one document: their generated ids (label ↔ input) must not collide
    { identifierPrefix: `qgw-shell-${name}-` },
  );
}

function shell(name: ShellName, path: RoutePath, aliases: RoutePath[], html: string): Shell {
  // an empty hash opens the default route (the router redirects there)
  const all = [path, ...aliases, ...(path === defaultRoute || aliases.includes(defaultRoute) ? ['/'] : [])];
  return { name, path, aliases, routes: all, html };
}

/**
 * The home and login screens as the app draws them before any answer from the server. Whatever
 * depends on the visitor is drawn in its loading state: the home's "my entries" card shows its
 * placeholder (signed in) rather than the sign-in link, which would be wrong for someone signed in.
 */
export function renderShells(): Shell[] {
  // on the server, the stores' hooks read each store's initial state (React's server snapshot)
  const globalState = useGlobalStore.getInitialState();
  const sessionState = useSession.getInitialState();
  const saved = { statusBarHeight: globalState.statusBarHeight, access_token: sessionState.access_token };
  try {
    // the app pads under a notch by the measured inset; the shell asks CSS for the same inset
    Object.assign(globalState, { statusBarHeight: 'env(safe-area-inset-top)' });
    sessionState.access_token = 'shell';
    const home = render(routes.cxb2024.index, 'home', <HomeScreen status={<ProgrammeStatus />} title={(fallback) => <ProgrammeName fallback={fallback} />} />);
    sessionState.access_token = '';
    const login = render(routes.login.index, 'login', <LoginScreen />);
    return [
      shell('home', routes.cxb2024.index, [routes.home.index], home),
      shell('login', routes.login.index, [routes.cxb2024.login], login),
    ];
  } finally {
    globalState.statusBarHeight = saved.statusBarHeight;
    sessionState.access_token = saved.access_token;
  }
}
