/**
 * Which prerendered screen (build/app-shell.ts) index.html shows, decided by the URL's hash route as
 * the router would read it. Free of imports: it runs in the entry, before the app's code is fetched.
 */

/** Marks a shell in index.html; its value is the shell's name. */
export const SHELL_ATTRIBUTE = 'data-qgw-shell';
/** The hash routes (space-separated) a shell stands for. */
export const SHELL_ROUTES_ATTRIBUTE = 'data-qgw-routes';
/** The class that shows a shell (they are hidden unless shown). */
export const SHELL_SHOWN_CLASS = 'qgw-shell-on';

/** The route of a location hash: `#/pages/login/index?x=1` → `/pages/login/index`; none → `/`. */
export function hashRoute(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed;
}

/** Shows the shell of the current route, if there is one; true when one is showing. */
export function showShell(doc: Document, hash: string): boolean {
  const route = hashRoute(hash);
  let shown = false;
  for (const shell of doc.querySelectorAll<HTMLElement>(`[${SHELL_ATTRIBUTE}]`)) {
    const routes = (shell.getAttribute(SHELL_ROUTES_ATTRIBUTE) ?? '').split(' ');
    if (!shown && routes.includes(route)) {
      shell.classList.add(SHELL_SHOWN_CLASS);
      shown = true;
    } else {
      shell.classList.remove(SHELL_SHOWN_CLASS);
    }
  }
  return shown;
}
