import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/request.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { programmeOps } from '../api/operations.js';
import { programmeKeys } from './use-programme.js';

/** The programme's themes; they change rarely, so one answer serves the visit. */
export function useThemes() {
  return useQuery({
    queryKey: programmeKeys.themes,
    queryFn: () => call(programmeOps.getThemes, {}),
    staleTime: 10 * 60_000,
  });
}

/** The signed-in user's works, newest first as the server lists them. */
export function useWorks() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: programmeKeys.works,
    queryFn: () => call(programmeOps.getWorks, {}),
    enabled: loggedIn,
  });
}

/** One of the user's works, with its form data, timeline and file URLs. */
export function useWork(id: string) {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: programmeKeys.work(id),
    queryFn: () => call(programmeOps.getWork, { id }),
    enabled: loggedIn && id !== '',
    // the file URLs it carries are short-lived
    staleTime: 0,
  });
}
