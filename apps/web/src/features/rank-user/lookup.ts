import {
  apiPaths,
  Code,
  routes,
  storageKeys,
  USER_NOT_FOUND_MESSAGE,
  ZGetRankUserRequest,
  ZRankUserCheckResponse,
} from '@qgw/contracts';
import { request, validate } from '../../lib/request.js';
import { navigateTo, redirectTo } from '../../lib/navigation.js';
import { clearAll, removeItems, setItem } from '../../lib/storage.js';
import { hideToast, showLoading, showToast, toastError } from '../../lib/toast.js';
import { commonStrings } from '../../lib/strings.js';
import { queryClient } from '../../lib/query-client.js';
import { isLoggedIn, useSession } from '../../stores/session.js';
import { fetchRankUserInfo } from './api/operations.js';
import { rankUserStrings as t } from './strings.js';

/** The look-up's answer as the envelope carries it: the code decides, the message may be data or a sentence. */
interface CheckAnswer {
  success: boolean;
  code: number | undefined;
  message: unknown;
}

/** Where the look-up went, for callers and tests. */
export type LookupOutcome = 'process' | 'detail' | 'checkStatus' | 'welcome' | 'login' | 'error';

/**
 * The rank-user look-up (type `check`, docs/requirements.md#rank-user-lookup) and where each answer
 * leads (docs/requirements.md#lookup-codes). Writes applyStatus (the code), applyStatusMessage (a
 * message sentence), tempStatus ({rankUser}) and applyDetail (postList) as
 * docs/requirements.md#storage-keys lists them.
 */
export async function lookUpRankUser(): Promise<LookupOutcome> {
  const session = useSession.getState();
  if (!isLoggedIn(session) || !session.mobile) {
    showToast(t.loginRequired);
    navigateTo(routes.login.index);
    return 'login';
  }
  let body: unknown;
  try {
    const payload = validate(ZGetRankUserRequest, { mobile: session.mobile, type: 'check' });
    showLoading(t.loading);
    body = await request('GET', apiPaths.getRankUser, payload);
    hideToast();
  } catch (error) {
    // a transport failure is not an answer: say so and stay, the session is still good
    hideToast();
    toastError(error);
    return 'error';
  }

  // the answer is news: every screen showing this user's application must read it afresh, not a cached copy
  await queryClient.invalidateQueries({ queryKey: ['rank-user'] });

  const env = (body ?? {}) as Partial<CheckAnswer>;
  const code = typeof env.code === 'number' ? env.code : undefined;
  const message = env.message;
  if (code !== undefined) setItem(storageKeys.applyStatus, code);
  if (typeof message === 'string') setItem(storageKeys.applyStatusMessage, message);
  else removeItems([storageKeys.applyStatusMessage]);

  if (env.success === true) {
    if (code === Code.NO_APPLICATION) {
      navigateTo(routes.cxb.process);
      return 'process';
    }
    if (code === Code.OK) {
      const parsed = ZRankUserCheckResponse.safeParse(message);
      if (!parsed.success) {
        showToast(commonStrings.badAnswer);
        return 'error';
      }
      setItem(storageKeys.tempStatus, { rankUser: parsed.data.rankUser });
      setItem(storageKeys.applyDetail, parsed.data.postList);
      navigateTo(routes.cxbCheck.index);
      return 'detail';
    }
    navigateTo(routes.cxbCheck.checkStatus, { status: code ?? Code.UNDER_REVIEW });
    return 'checkStatus';
  }

  if (code === Code.APPLY_REJECTED) {
    navigateTo(routes.cxbCheck.checkStatus, { status: Code.APPLY_REJECTED });
    return 'checkStatus';
  }
  if (message === USER_NOT_FOUND_MESSAGE) {
    navigateTo(routes.cxb.process);
    return 'process';
  }
  // any other failure — the message, storage cleared, the welcome page (docs/requirements.md#lookup-codes)
  showToast(typeof message === 'string' && message ? message : commonStrings.requestFailed);
  clearAll();
  queryClient.clear();
  useSession.getState().reload();
  redirectTo(routes.welcome.index);
  return 'welcome';
}

/**
 * The single fetch (type `info`, docs/requirements.md#rank-user-lookup); on success its result is
 * applyDetail and the personal info view opens.
 */
export async function openPersonalInfo(): Promise<boolean> {
  const mobile = useSession.getState().mobile;
  try {
    showLoading(t.loading);
    const info = await fetchRankUserInfo(mobile);
    hideToast();
    setItem(storageKeys.applyDetail, info);
    queryClient.setQueryData(rankUserInfoKey(mobile), info);
    navigateTo(routes.cxbCheck.personalInfo);
    return true;
  } catch (error) {
    hideToast();
    toastError(error);
    return false;
  }
}

export const rankUserInfoKey = (mobile: string) => ['rank-user', 'info', mobile] as const;
