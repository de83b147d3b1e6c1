import { create } from 'zustand';

/**
 * Whether the applicant has agreed to 申报须知 in this visit: ticked on the form's first step or on
 * the notice page. Kept in memory only: a new visit to a new application asks again.
 */
export const useNoticeAgreed = create<{ agreed: boolean; setAgreed(agreed: boolean): void }>()((set) => ({
  agreed: false,
  setAgreed: (agreed) => set({ agreed }),
}));
