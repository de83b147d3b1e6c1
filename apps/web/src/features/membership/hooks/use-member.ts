import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ZMemberApplyRequest, ZMemberUpdateRequest } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { call, ValidationError } from '../../../lib/request.js';
import { navigateBack } from '../../../lib/navigation.js';
import { showLoading, showToast, ShownError } from '../../../lib/toast.js';
import { useMemberStore } from '../../../stores/member.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { draftIdOf, type EditTarget, type EntryForm } from '../../programme2024/index.js';
import { fieldErrorsOfRefusal, type PersonalInfoValue } from '../../applications/index.js';
import { memberOps } from '../api/operations.js';
import { memberStrings as t } from '../strings.js';

export const memberInfoKey = ['membership', 'info'] as const;

/**
 * The user's membership application (GET getMemberInfo). A failed fetch is logged, never shown
 * (docs/requirements.md#messages); only the error's text is logged. The member store's applyStatus
 * follows the answer.
 */
export function useMemberInfo() {
  const loggedIn = useSession(isLoggedIn);
  const setApplyStatus = useMemberStore((s) => s.setApplyStatus);
  const query = useQuery({
    queryKey: memberInfoKey,
    queryFn: async () => {
      try {
        return await call(memberOps.getMemberInfo, {});
      } catch (error) {
        console.warn('getMemberInfo failed:', error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    enabled: loggedIn,
    staleTime: 0,
  });
  const status = query.data?.member?.status;
  useEffect(() => {
    if (status) setApplyStatus(status);
  }, [status, setApplyStatus]);
  return query;
}

export type MemberValues = PersonalInfoValue & { subdivision?: string; reason?: string; photo?: string };

/**
 * memberApply (new or a draft continued) and memberUpdate (a returned application corrected).
 * Loading "提交中"; success: applyStatus follows the answer, then back 2 levels after an
 * application and 1 after an update (docs/requirements.md#going-back); any failure of the call: "资料提交失败".
 */
export function useSubmitMember(form: EntryForm<MemberValues>, editing: EditTarget | null, onFailure: (message: string) => void) {
  const setApplyStatus = useMemberStore((s) => s.setApplyStatus);
  const update = editing?.status === 'returned';
  return useMutation({
    mutationFn: async () => {
      const checked = update
        ? form.check(ZMemberUpdateRequest, { id: editing.id, version: editing.version })
        : form.check(ZMemberApplyRequest);
      if (!checked.ok) throw new ValidationError(checked.first);
      onFailure('');
      showLoading(t.submitting);
      await form.draft.flush();
      if (update) return call(memberOps.memberUpdate, checked.data);
      return call(memberOps.memberApply, { ...checked.data, draftId: draftIdOf('membership', editing?.id) ?? editing?.id });
    },
    onSuccess: (answer) => {
      form.draft.discard();
      setApplyStatus(answer.status);
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      showToast(update ? t.updateSuccess : t.submitSuccess);
      navigateBack(update ? 1 : 2);
    },
    onError: (error) => {
      if (error instanceof ShownError) return;
      // a field the server refused is shown under it as well
      const fields = fieldErrorsOfRefusal(error);
      if (fields) form.setErrors((e) => ({ ...e, ...fields }));
      showToast(t.submitFailed);
      onFailure(error instanceof Error ? error.message : '');
    },
  });
}
