import { useQuery } from '@tanstack/react-query';
import type { ApplicationSummary } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { applicationOps } from '../api/operations.js';

export const myApplicationsKey = ['applications', 'mine'] as const;

/**
 * 我的申报 from the server. What another screen left in storage may be shown while it loads
 * (`placeholder`), but never stands in for the answer: a reload, a direct link or a return from
 * 个人信息 (which overwrites applyDetail) must still list every application.
 */
export function useMyApplications(placeholder?: ApplicationSummary[]) {
  return useQuery({
    queryKey: myApplicationsKey,
    queryFn: () => call(applicationOps.mine, {}),
    // a decision or a withdrawal elsewhere changes it: read it afresh on every visit
    staleTime: 0,
    placeholderData: placeholder && placeholder.length > 0 ? placeholder : undefined,
  });
}
