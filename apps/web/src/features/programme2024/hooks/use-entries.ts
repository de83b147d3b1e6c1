import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appConstants } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { useApplyStore } from '../../../stores/apply.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { programmeOps } from '../api/operations.js';
import { programmeKeys } from './use-programme.js';

/**
 * A failed person-info fetch is logged, never shown (docs/requirements.md#messages). Only the
 * error's text is logged.
 */
function logged<T>(what: string, fetcher: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await fetcher();
    } catch (error) {
      console.warn(`${what} failed:`, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
}

/**
 * The user's person entry (GET getPersonInfo). The apply store's personInfo follows the answer: the
 * application once there is one, the initial "111" while there is none.
 */
export function usePersonInfo() {
  const loggedIn = useSession(isLoggedIn);
  const setPersonInfo = useApplyStore((s) => s.setPersonInfo);
  const query = useQuery({
    queryKey: programmeKeys.person,
    queryFn: logged('getPersonInfo', () => call(programmeOps.getPersonInfo, {})),
    enabled: loggedIn,
    staleTime: 0,
  });
  const person = query.data?.person;
  useEffect(() => {
    if (person === undefined) return;
    setPersonInfo(person ?? appConstants.initialApplyPersonInfo);
  }, [person, setPersonInfo]);
  return query;
}

/** The user's company entry (GET getCompanyInfo); failures are logged like the person's. */
export function useCompanyInfo() {
  const loggedIn = useSession(isLoggedIn);
  return useQuery({
    queryKey: programmeKeys.company,
    queryFn: logged('getCompanyInfo', () => call(programmeOps.getCompanyInfo, {})),
    enabled: loggedIn,
    staleTime: 0,
  });
}
