import { create } from 'zustand';

/**
 * Global values (docs/requirements.md#memory-state): the status-bar height (CSS px) and the work
 * photo being edited.
 */
export interface GlobalState {
  statusBarHeight: number;
  workPhoto: string | null;
  setStatusBarHeight(height: number): void;
  setWorkPhoto(photo: string | null): void;
}

export const useGlobalStore = create<GlobalState>()((set) => ({
  statusBarHeight: 0,
  workPhoto: null,
  setStatusBarHeight: (statusBarHeight) => set({ statusBarHeight }),
  setWorkPhoto: (workPhoto) => set({ workPhoto }),
}));

/** The top safe-area inset (a notch or a status bar drawn over the page), measured once at start. */
export function measureStatusBarHeight(): number {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:fixed;top:0;left:0;visibility:hidden;padding-top:env(safe-area-inset-top);';
  document.body.appendChild(probe);
  const height = parseFloat(window.getComputedStyle(probe).paddingTop) || 0;
  probe.remove();
  return height;
}
