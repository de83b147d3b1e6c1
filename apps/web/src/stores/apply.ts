import { create } from 'zustand';
import { appConstants } from '@qgw/contracts';

/** Apply state (docs/requirements.md#memory-state): the person entry's information, "111" until fetched. */
export interface ApplyState {
  personInfo: string | Record<string, unknown>;
  setPersonInfo(info: string | Record<string, unknown>): void;
}

export const useApplyStore = create<ApplyState>()((set) => ({
  personInfo: appConstants.initialApplyPersonInfo,
  setPersonInfo: (personInfo) => set({ personInfo }),
}));
