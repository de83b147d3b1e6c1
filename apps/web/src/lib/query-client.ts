import { QueryClient } from '@tanstack/react-query';
import { HttpError, SessionExpiredError } from './request.js';

/** One query cache for the app; cleared whenever the signed-in account changes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // offline, a query fails at once with 网络不可用 and its screen offers 重试, instead of waiting
      // unseen for the network (TanStack's default pauses it, leaving a skeleton up); back online,
      // the person retries (nothing reloads under their eyes)
      networkMode: 'always',
      refetchOnReconnect: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // a refused session or a 4xx will not get better by asking again
      retry: (count, error) =>
        count < 1 && !(error instanceof SessionExpiredError) && !(error instanceof HttpError && error.status < 500),
    },
    // a submit made offline says so at once rather than spinning until the network returns
    mutations: { retry: false, networkMode: 'always' },
  },
});
