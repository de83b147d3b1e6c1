import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleMeResponse } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { ConsoleMfaRequiredError, call } from '../../../lib/request.js';
import { showToast } from '../../../lib/toast.js';
import { accessKeys, accessOps } from './api/operations.js';
import { accessStrings as t } from './strings.js';

/** Marks the cached caller as no longer console-verified, which brings back the TOTP step. */
export function consoleVerificationLost(): void {
  const me = queryClient.getQueryData<ConsoleMeResponse>(accessKeys.me);
  if (!me?.mfaVerified) return;
  queryClient.setQueryData<ConsoleMeResponse>(accessKeys.me, { ...me, mfaVerified: false, consoleExpiresAt: null });
  showToast(t.expired);
}

/** After a successful TOTP step: the caller is verified and every console read is fetched again. */
export function consoleVerified(patch: Partial<ConsoleMeResponse>): void {
  const me = queryClient.getQueryData<ConsoleMeResponse>(accessKeys.me);
  if (me) queryClient.setQueryData<ConsoleMeResponse>(accessKeys.me, { ...me, ...patch, mfaEnrolled: true, mfaVerified: true });
  void queryClient.invalidateQueries({ queryKey: ['console'], predicate: (q) => q.queryKey[1] !== 'me' });
}

/**
 * GET consoleMe, and a watch on every console call: a 401 CONSOLE_MFA_REQUIRED in the middle of
 * work (the verification expired) turns the screen back into the TOTP step; the session stays.
 */
export function useConsoleMe() {
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ConsoleMfaRequiredError) consoleVerificationLost();
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, []);
  return useQuery({ queryKey: accessKeys.me, queryFn: () => call(accessOps.me, {}), retry: false, staleTime: 60_000 });
}
