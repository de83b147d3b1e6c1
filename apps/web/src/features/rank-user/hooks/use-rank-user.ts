import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Code, routes, storageKeys, ZRankUserApplyRequest, type ApplicationStatus, type RankUserForm } from '@qgw/contracts';
import { redirectTo } from '../../../lib/navigation.js';
import { setItem } from '../../../lib/storage.js';
import { hideToast, showLoading, showToast, toastError, ShownError } from '../../../lib/toast.js';
import { queryClient } from '../../../lib/query-client.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import {
  checkForm,
  type DraftAutosave,
  type FieldErrors,
  fieldErrorsOfRefusal,
  handOverFieldErrors,
  idFactErrorsOf,
  personalFieldsOf,
  rememberFileUrls,
  type StartingAnswers,
  useDraftAutosave,
  useStartingAnswers,
  withoutBlanks,
} from '../../applications/index.js';
import { fetchRankUserInfo, rankUserOps, sendWithCode, type RankUserView } from '../api/operations.js';
import { rankUserInfoKey } from '../lookup.js';
import { rankUserStrings as t } from '../strings.js';

/** The user's latest rank-user application (type `info`), with its files' signed URLs remembered. */
export function useRankUserInfo() {
  const mobile = useSession((s) => s.mobile);
  const loggedIn = useSession(isLoggedIn);
  const query = useQuery({
    queryKey: rankUserInfoKey(mobile),
    queryFn: () => fetchRankUserInfo(mobile),
    enabled: loggedIn && Boolean(mobile),
  });
  useEffect(() => rememberFileUrls(query.data?.rankUser?.fileUrls), [query.data]);
  return query;
}

/** States in which there is nothing to fill in: the application is with the reviewers or decided. */
const lockedStatuses: readonly ApplicationStatus[] = ['submitted', 'under_review', 'approved', 'rejected'];

export type FormMode = 'loading' | 'new' | 'edit' | 'locked';

export interface RankUserFormState {
  mode: FormMode;
  existing: RankUserView | null;
  draft: DraftAutosave<RankUserForm>;
  /** a new application's details filled in, and the last one's answers offered */
  start: StartingAnswers;
}

/**
 * The rank-user form shared by its four screens. A new application autosaves as a server-side
 * draft; a returned one is edited in place, prefilled from the application.
 */
export function useRankUserForm(): RankUserFormState {
  const info = useRankUserInfo();
  const existing = info.data?.rankUser ?? null;
  let mode: FormMode = 'loading';
  if (info.isSuccess) {
    if (existing?.status === 'returned') mode = 'edit';
    else if (existing && lockedStatuses.includes(existing.status)) mode = 'locked';
    else mode = 'new';
  } else if (info.isError) {
    // without the look-up the form still works; the server refuses what is not allowed
    mode = 'new';
  }
  const draft = useDraftAutosave<RankUserForm>('rank_user', mode === 'edit' ? existing?.id : undefined, {
    wait: mode === 'loading',
    enabled: mode === 'new',
  });
  const prefill =
    mode === 'edit' && draft.ready && Object.keys(draft.data).length === 0 && existing && Object.keys(existing.data).length > 0;
  useEffect(() => {
    if (prefill) draft.reset(existing.data);
  }, [prefill, existing, draft]);
  const start = useStartingAnswers<RankUserForm>({ kind: 'rank_user', draft, enabled: mode === 'new', fieldsOf: personalFieldsOf });
  return { mode, existing, draft, start };
}

/**
 * A birth date or gender refused when sending (by the form's check or by the server) is corrected on
 * the personal step, which opens showing the problems under the fields.
 */
function backToPersonalStep(errors: FieldErrors) {
  handOverFieldErrors('rank_user', errors);
  redirectTo(routes.cxbApplication.index);
}

/**
 * Submit (new) or update (returned): the whole form checked with the contract's schema first;
 * loading "提交中，请耐心等待..."; on success tempStatus 1001 and "提交成功...". After a submit the
 * status page opens with the answer's code; after an update the record is fetched again (type
 * `info`) and kept as applyDetail before the status page opens (when that re-fetch fails, the update
 * still counts as sent and the cached record is marked stale instead).
 */
export function useSendRankUser(state: RankUserFormState) {
  const mobile = useSession((s) => s.mobile);
  return useMutation({
    mutationFn: async () => {
      const { mode, existing, draft } = state;
      const form = withoutBlanks(draft.data);
      const check = checkForm(ZRankUserApplyRequest, form, { photo: t.photoMissing, video: t.videoMissing });
      if (!check.ok) {
        showToast(check.first);
        const facts = idFactErrorsOf(check.errors);
        if (facts) backToPersonalStep(facts);
        throw new ShownError(check.first);
      }
      showLoading(t.submittingPatiently);
      if (mode === 'edit' && existing) {
        const sent = await sendWithCode(rankUserOps.update, { ...check.data, id: existing.id, version: existing.version });
        // the update is stored whatever the re-fetch answers: a failed re-fetch must not report it as
        // failed (the user would send it again); the record is then fetched afresh where it is shown
        const info = await fetchRankUserInfo(mobile).catch(() => null);
        return { ...sent, info };
      }
      await draft.flush();
      const sent = await sendWithCode(rankUserOps.submit, { ...check.data, draftId: draft.draftId });
      return { ...sent, info: null };
    },
    onSuccess: ({ code, info }) => {
      setItem(storageKeys.tempStatus, Code.STATUS_SUBMITTED);
      if (info) {
        setItem(storageKeys.applyDetail, info);
        queryClient.setQueryData(rankUserInfoKey(mobile), info);
      } else {
        void queryClient.invalidateQueries({ queryKey: ['rank-user'] });
      }
      state.draft.discard();
      hideToast();
      showToast(t.submitSuccess);
      redirectTo(routes.cxbCheck.checkStatus, { status: code });
    },
    onError: (error) => {
      hideToast();
      toastError(error);
      const refused = fieldErrorsOfRefusal(error);
      if (refused) backToPersonalStep(refused);
    },
  });
}
