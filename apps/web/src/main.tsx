import { afterFirstPaint } from './shell/after-first-paint.js';
import { showShell } from './shell/show-shell.js';

/**
 * The page's entry: shows the prerendered first screen that matches the URL (index.html holds them,
 * build/app-shell.ts), waits until the browser has painted it, then fetches and starts the app.
 * Until that first paint the screen's HTML and CSS have the connection and the CPU to themselves;
 * the app then replaces the prerendered screen with the live one (app/boot.tsx).
 */
const shellShown = showShell(document, window.location.hash);

/** The longest the app waits for the first paint before it is fetched anyway. */
const FIRST_PAINT_WAIT_MS = 500;

const start = () => {
  void import('./app/boot.js').then(({ boot }) => boot({ shellShown }));
};

if (shellShown && document.visibilityState === 'visible') {
  afterFirstPaint(window, start, FIRST_PAINT_WAIT_MS);
} else {
  start();
}
