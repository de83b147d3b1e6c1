import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { appConstants } from '@qgw/contracts';
import { installAntdRender } from './antd-render.js';
import { loadFirstScreenInOwnTask } from './lazy-screen.js';
import { Providers } from './providers.js';
import { createAppRouter } from './router.js';
import { scheduleFingerprint } from '../lib/fingerprint.js';
import { preloadToastOnFirstTouch } from '../lib/toast.js';
import { measureStatusBarHeight, useGlobalStore } from '../stores/global.js';
import '../styles/global.css';

/**
 * Starts the app in the page's root element. `shellShown`: index.html is showing the current
 * route's screen, prerendered (build/app-shell.ts); React replaces it on its first render, which then
 * waits for the screen's chunk, so that the prerendered screen gives way to the same screen and never
 * to the loading state in between.
 */
export function boot({ shellShown }: { shellShown: boolean }): void {
  installAntdRender();
  document.title = appConstants.windowTitle;
  useGlobalStore.getState().setStatusBarHeight(measureStatusBarHeight());

  // The router is made in a task of its own (decision 0017): its first match starts loading the
  // screen's chunk, which takes a while on a slow phone, and together with the evaluation of the
  // app's code it made one long task in which the page could not respond.
  window.setTimeout(() => mount(shellShown), 0);

  scheduleFingerprint();
  // the toast is not needed to draw the first screen: its code comes at the first touch
  preloadToastOnFirstTouch();
}

/** Makes the router and renders the app into the page's root element (see `boot`). */
function mount(shellShown: boolean): void {
  loadFirstScreenInOwnTask();
  const router = createAppRouter();
  const container = document.getElementById('root')!;
  const app = (generation: number, onCommit?: () => void) => (
    <StrictMode>
      <Providers>
        <RouterProvider key={generation} router={router} />
        {onCommit && <Committed onCommit={onCommit} />}
      </Providers>
    </StrictMode>
  );
  if (!shellShown) {
    // a transition as well: React renders the first screen in short slices, so that the page answers a tap meanwhile
    const root = createRoot(container);
    startTransition(() => root.render(app(0)));
  } else {
    // The prerendered screen stays on show until React commits the live one. The first render is a
    // transition so that React works in short slices and the page keeps answering meanwhile; it starts
    // only once the router has loaded the screen's chunk, so nothing in it waits for code.
    const root = createRoot(container);
    const render = () => {
      const rendered = router.state;
      // RouterProvider listens to the router from its commit on: a navigation during the sliced first
      // render (a tap on the shell's link, a changed hash) would be lost and the app stay where it
      // was. Rare; the live app is then started again on the router's current state.
      const remountIfMissed = () => {
        if (router.state !== rendered) root.render(app(1));
      };
      startTransition(() => root.render(app(0, remountIfMissed)));
    };
    if (router.state.initialized) render();
    else {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        render();
      });
    }
  }
}

/** Calls `onCommit` once its tree is on the page, after the effects of the siblings before it. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}
