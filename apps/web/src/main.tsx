import { showShell } from './shell/show-shell.js';

/**
 * The page's entry: shows the prerendered first screen that matches the URL (index.html holds them,
 * build/app-shell.ts), lets the browser paint it, then fetches and starts the app. Until that first
 * frame the screen's HTML and CSS have the connection and the CPU to themselves; the app then
 * replaces the prerendered screen with the live one (app/boot.tsx).
 */
const shellShown = showShell(document, window.location.hash);

const start = () => {
  void import('./app/boot.js').then(({ boot }) => boot({ shellShown }));
};

if (shellShown && document.visibilityState === 'visible') {
  // after the next frame is drawn: a task queued from its animation callback runs once it is painted
  window.requestAnimationFrame(() => window.setTimeout(start, 0));
} else {
  start();
}
