import { create } from 'zustand';
import { storageKeys } from '@qgw/contracts';
import { getString, readUserInfo } from '../lib/storage.js';

/**
 * Common session state (docs/requirements.md#session-state): access_token from `token`; the rest
 * from the stored `user_info`.
 */
export interface SessionFields {
  access_token: string;
  mobile: string;
  nickname: string;
  new_user: boolean;
  erroMessage: string;
}

export interface SessionState extends SessionFields {
  /** re-reads localStorage after login, logout or a profile change */
  reload(): void;
}

export function readSession(): SessionFields {
  const info = readUserInfo();
  return {
    access_token: getString(storageKeys.token) ?? '',
    // the login answer names the mobile `username`; a phone change also writes `mobile`
    mobile: info?.mobile ?? info?.username ?? '',
    nickname: info?.nickname ?? '',
    new_user: info?.new_user ?? false,
    erroMessage: info?.erroMessage ?? '',
  };
}

export const useSession = create<SessionState>()((set) => ({
  ...readSession(),
  reload: () => set(readSession()),
}));

export const isLoggedIn = (s: SessionFields): boolean => s.access_token !== '';
