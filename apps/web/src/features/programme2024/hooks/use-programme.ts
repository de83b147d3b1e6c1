import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { programmeOps } from '../api/operations.js';

export const programmeKeys = {
  currentStatus: ['programme', 'currentStatus'] as const,
  applyStatus: ['programme', 'applyStatus'] as const,
  person: ['programme', 'person'] as const,
  company: ['programme', 'company'] as const,
  themes: ['programme', 'themes'] as const,
  works: ['programme', 'works'] as const,
  work: (id: string) => ['programme', 'work', id] as const,
};

/** The programme's phase and dates; public, so asked whether or not anyone is logged in. */
export function useCurrentStatus() {
  return useQuery({
    queryKey: programmeKeys.currentStatus,
    queryFn: () => call(programmeOps.getCurrentStatus, {}),
  });
}

/** The signed-in user's 2024 entries and their states; a dead session is not an error here. */
export function useApplyStatus() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: programmeKeys.applyStatus,
    queryFn: () => call(programmeOps.getApplyStatus, {}, { onUnauthorized: 'throw' }),
    enabled: loggedIn,
  });
}
