import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';

/**
 * The calls (and the schemas they check with) load with the first query, not with the screen: the
 * programme home is the default route and draws its skeleton without the validation library.
 */
const ops = () => import('../api/operations.js').then((m) => m.programmeOps);

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
    queryFn: async () => call((await ops()).getCurrentStatus, {}),
  });
}

/** The signed-in user's 2024 entries and their states; a dead session is not an error here. */
export function useApplyStatus() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: programmeKeys.applyStatus,
    queryFn: async () => call((await ops()).getApplyStatus, {}, { onUnauthorized: 'throw' }),
    enabled: loggedIn,
  });
}
