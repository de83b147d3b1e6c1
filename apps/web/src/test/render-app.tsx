import { act, render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { Providers } from '../app/providers.js';
import { createAppRouter } from '../app/router.js';

/** Puts the address bar on a hash route, as if the page had been opened there. */
export function openAt(hashRoute: string, search = ''): void {
  window.history.replaceState(null, '', `/${search}#${hashRoute}`);
}

/** Renders the whole app (real router, real screens) at a hash route. */
export async function renderApp(hashRoute: string, search = '') {
  openAt(hashRoute, search);
  const router = createAppRouter();
  let utils!: ReturnType<typeof render>;
  await act(async () => {
    utils = render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
  });
  // every location the router settles on, with the time, so that delays can be measured
  const visits: { path: string; at: number }[] = [];
  router.subscribe((state) => {
    if (visits.at(-1)?.path !== state.location.pathname) visits.push({ path: state.location.pathname, at: performance.now() });
  });
  return {
    router,
    ...utils,
    visits,
    path: () => router.state.location.pathname,
    search: () => router.state.location.search,
  };
}
