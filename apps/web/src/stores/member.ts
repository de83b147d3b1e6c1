import { create } from 'zustand';
import { appConstants } from '@qgw/contracts';

/** Member state (docs/requirements.md#memory-state): the membership application's status, "111" until known. */
export interface MemberState {
  applyStatus: string;
  setApplyStatus(status: string): void;
}

export const useMemberStore = create<MemberState>()((set) => ({
  applyStatus: appConstants.initialMemberApplyStatus,
  setApplyStatus: (applyStatus) => set({ applyStatus }),
}));
