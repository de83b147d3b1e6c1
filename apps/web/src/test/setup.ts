import { afterEach, beforeEach } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { installAntdRender, unmountImperativeRoots } from '../app/antd-render.js';
import { provideToast } from '../lib/toast.js';
import { queryClient } from '../lib/query-client.js';
import { bindRouter } from '../lib/navigation.js';
import { forgetEarlyRequests } from '../lib/request.js';
import { useSession } from '../stores/session.js';
import { forgetDrafts } from '../features/applications/hooks/use-draft-autosave.js';

// React reads this to know that updates are wrapped in act() by the testing library
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

installAntdRender();
// the app loads its toast lazily by module path, which the test runner resolves apart from the
// package's main entry; tests use the main entry's (in the browser the two are one module)
provideToast(Toast);

// the first screen of a file compiles its lazy chunk on demand, which can take a moment
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout or drawing: scrolling is a no-op and a canvas has no 2D context
window.scrollTo = () => {};
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// antd-mobile's toasts and dialogs render imperatively in roots of their own, outside the testing
// library's act(); React's reminder about that says nothing about the app
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('was not wrapped in act')) return;
  consoleError(...args);
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  useSession.getState().reload();
});

afterEach(() => {
  cleanup();
  Toast.clear();
  // a toast's timer or a dialog left open must not update a root after the test file's page is gone
  act(() => unmountImperativeRoots());
  queryClient.clear();
  // each test is a fresh page: no drafts typed in another (the same account keeps them within a page)
  forgetDrafts();
  // nor answers a route asked for early in another
  forgetEarlyRequests();
  bindRouter(null);
});
