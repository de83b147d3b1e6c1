import { QueryClient } from '@tanstack/react-query';
import { HttpError, SessionExpiredError } from './request.js';

/** One query cache for the app; cleared whenever the signed-in account changes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // a refused session or a 4xx will not get better by asking again
      retry: (count, error) =>
        count < 1 && !(error instanceof SessionExpiredError) && !(error instanceof HttpError && error.status < 500),
    },
    mutations: { retry: false },
  },
});
