import { routes, type AccountRoutePath, type RoutePath } from '@qgw/contracts';
import type { createHashRouter } from 'react-router';

/**
 * The mini-program navigation verbs over the app's hash router. Screens and non-React code
 * (the request wrapper's 401 handling) both navigate through here.
 */
type AppRouter = ReturnType<typeof createHashRouter>;

let router: AppRouter | null = null;

export function bindRouter(r: AppRouter | null): void {
  router = r;
}

/** A screen's path: the spec's table or one of the project's own (accountRoutes). */
export type ScreenPath = RoutePath | AccountRoutePath;

export type RouteParams = Record<string, string | number | boolean | null | undefined>;

export function buildPath(path: ScreenPath, params?: RouteParams): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) query.set(k, String(v));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

function go(to: string, replace: boolean): void {
  if (router) {
    void router.navigate(to, { replace });
  } else {
    // before the router exists (or outside it) the hash is the route
    window.location.hash = `#${to}`;
  }
}

/** Opens a page on top of the current one. */
export function navigateTo(path: ScreenPath, params?: RouteParams): void {
  go(buildPath(path, params), false);
}

/** Replaces the current page. */
export function redirectTo(path: ScreenPath, params?: RouteParams): void {
  go(buildPath(path, params), true);
}

/** Shows a tab page in place of the current page. */
export function switchTab(path: RoutePath): void {
  go(path, true);
}

/** How many in-app pages lie behind the current one (react-router keeps the index in history.state). */
export function historyDepth(): number {
  const state: unknown = window.history.state;
  const idx = state && typeof state === 'object' && 'idx' in state ? (state as { idx: unknown }).idx : 0;
  return typeof idx === 'number' && idx > 0 ? idx : 0;
}

/** Goes back `delta` pages; with no in-app page to return to, shows the home tab instead. */
export function navigateBack(delta = 1): void {
  if (router && historyDepth() >= delta) {
    void router.navigate(-delta);
  } else {
    switchTab(routes.home.index);
  }
}

/**
 * Where to come back to after signing in: an in-app address (a screen of the table or the console)
 * with its query, or null for anything else — never another site, a protocol or a path trick, so a
 * link cannot send a person who just signed in elsewhere.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!/^\/(pages|console)(\/|$)/.test(value)) return null;
  const path = value.split('?')[0]!;
  if (/\/\/|\\|:|\.\./.test(path) || [...value].some((ch) => ch.charCodeAt(0) < 0x20)) return null;
  return value;
}

/**
 * The console's own login, sized for a desk: console pages send people there, not to the phone
 * login (features/console/paths.ts names it too).
 */
export const consoleLoginPath = '/console/login';

/** A console page other than its login: where the console's login may return to. */
export function consoleReturnPath(value: string | null | undefined): string | null {
  const safe = safeReturnPath(value);
  if (!safe || !/^\/console(\/|\?|$)/.test(safe)) return null;
  return safe.split('?')[0] === consoleLoginPath ? null : safe;
}

/** The current address with its query, to come back to after signing in. */
export function currentAddress(): string {
  const loc = router?.state.location;
  if (loc) return `${loc.pathname}${loc.search}`;
  return window.location.hash.replace(/^#/, '');
}

/**
 * The address being opened: where a navigation in progress is going (a screen loading its code
 * for the first time, app/lazy-screen), else where the person is. The browser's address changes only
 * once the navigation is done.
 */
export function openingAddress(): string {
  const loc = router?.state.navigation.location ?? router?.state.location;
  if (loc) return `${loc.pathname}${loc.search}`;
  return window.location.hash.replace(/^#/, '');
}

/**
 * The login page that returns to `returnTo` (or to where the person is now) once they have signed
 * in: the console's login for a console page, the app's login for anything else.
 */
export function loginReturningTo(returnTo: string = currentAddress()): string {
  const consolePage = consoleReturnPath(returnTo);
  if (consolePage) return `${consoleLoginPath}?${new URLSearchParams({ redirect: consolePage }).toString()}`;
  return buildPath(routes.login.index, { redirect: safeReturnPath(returnTo) });
}

/** Whether the person is on a login page already (the app's or the console's). */
export function onLoginPage(): boolean {
  const path = currentPath();
  return path === routes.login.index || path === consoleLoginPath;
}

/** Replaces the current page with the console's login (after 退出 in the console). */
export function openConsoleLogin(): void {
  go(consoleLoginPath, true);
}

/** Replaces the current page with the login that returns to it. */
export function openLoginReturningHere(): void {
  go(loginReturningTo(currentAddress()), true);
}

/** Opens the page signed-in people came for (replacing the login or bind page). */
export function returnTo(path: string): void {
  const safe = safeReturnPath(path);
  go(safe ?? routes.home.index, true);
}

export function currentPath(): string {
  return router?.state.location.pathname ?? window.location.hash.replace(/^#/, '').split('?')[0] ?? '';
}

/** A full reload: fetches a fresh copy of the app (e.g. after a deployment replaced its chunks). */
export function reloadPage(): void {
  window.location.reload();
}

/** Leaves the app for another site (WeChat's authorisation page). */
export function openExternal(url: string): void {
  window.location.assign(url);
}
