import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { appConstants } from '@qgw/contracts';
import { installAntdRender } from './app/antd-render.js';
import { Providers } from './app/providers.js';
import { createAppRouter } from './app/router.js';
import { scheduleFingerprint } from './lib/fingerprint.js';
import { preloadToast } from './lib/toast.js';
import { measureStatusBarHeight, useGlobalStore } from './stores/global.js';
import './styles/global.css';

installAntdRender();
document.title = appConstants.windowTitle;
useGlobalStore.getState().setStatusBarHeight(measureStatusBarHeight());

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

scheduleFingerprint();
// the toast is not needed to draw the first screen: its code comes once the browser is idle
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(preloadToast);
else window.setTimeout(preloadToast, 500);
