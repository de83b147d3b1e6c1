import { storageKeys, type LoginResponse, type UserProfile } from '@qgw/contracts';
import { clearAll, clearSession, patchUserInfo, setItem } from '../../lib/storage.js';
import { useSession } from '../../stores/session.js';
import { queryClient } from '../../lib/query-client.js';
import { scheduleFingerprint } from '../../lib/fingerprint.js';

/**
 * After login (docs/requirements.md#login), the keys of docs/requirements.md#storage-keys: user_info
 * (the answer), token, mobile (= username), uid (= id), openid ('' when null).
 */
export function saveLogin(info: LoginResponse): void {
  // signing in over another session (the login page is reachable while signed in): nothing the
  // previous account left, applyDetail included, may show for this one
  clearSession();
  setItem(storageKeys.userInfo, info);
  setItem(storageKeys.token, info.token);
  setItem(storageKeys.mobile, info.username);
  setItem(storageKeys.uid, info.id);
  setItem(storageKeys.openid, info.openid ?? '');
  // nothing cached for the previous account may show for this one
  queryClient.clear();
  useSession.getState().reload();
}

/** A password or phone change ends every session and hands back a fresh token for this one. */
export function saveRotatedToken(token: string): void {
  setItem(storageKeys.token, token);
  patchUserInfo({ token });
  useSession.getState().reload();
}

export function saveProfile(profile: Pick<UserProfile, 'nickname' | 'avatar'>): void {
  patchUserInfo({ nickname: profile.nickname, avatar: profile.avatar });
  useSession.getState().reload();
}

export function saveMobile(mobile: string): void {
  setItem(storageKeys.mobile, mobile);
  patchUserInfo({ username: mobile, mobile });
  useSession.getState().reload();
}

export function saveOpenid(openid: string): void {
  setItem(storageKeys.openid, openid);
  patchUserInfo({ openid });
}

/** Logout: the session keys go, the device's browserId stays. */
export function forgetSession(): void {
  clearSession();
  queryClient.clear();
  useSession.getState().reload();
}

/** Registration clears all local storage (docs/requirements.md#register). */
export function forgetEverything(): void {
  clearAll();
  queryClient.clear();
  useSession.getState().reload();
  // the fingerprint describes the device, not the account: work it out again
  scheduleFingerprint();
}
