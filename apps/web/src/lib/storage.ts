import { storageKeys, type LoginResponse, type StorageKey } from '@qgw/contracts';

/**
 * localStorage access for the spec's keys. Strings are stored raw (so `token` and `mobile` read back
 * exactly as written); objects and numbers are stored as JSON. Every access tolerates a browser that
 * refuses storage (private mode, quota), because losing a cache must never break a screen.
 */

export function getString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getJson<T>(key: StorageKey): T | null {
  const raw = getString(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setItem(key: StorageKey, value: string | number | boolean | object | null): void {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    window.localStorage.setItem(key, raw);
  } catch {
    // storage refused: the in-memory session still works for this visit
  }
}

export function removeItems(keys: readonly StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  }
}

/**
 * What belongs to the signed-in account: the session itself and what the app kept of that account's
 * applications (applyDetail holds a whole record), gone at logout or when the session dies, so that
 * the next person on the same phone sees none of it. `browserId` is a device fact and survives.
 */
export const sessionKeys: readonly StorageKey[] = [
  storageKeys.userInfo,
  storageKeys.token,
  storageKeys.mobile,
  storageKeys.uid,
  storageKeys.openid,
  storageKeys.applyStatus,
  storageKeys.tempStatus,
  storageKeys.applyDetail,
  storageKeys.applyStatusMessage,
];

export function clearSession(): void {
  removeItems(sessionKeys);
}

/** Registration (docs/requirements.md#register): "clear all local storage". */
export function clearAll(): void {
  try {
    window.localStorage.clear();
  } catch {
    // nothing to clear
  }
}

/** What we keep under `user_info`: the login answer, later patched by profile and phone changes. */
export type StoredUserInfo = Partial<LoginResponse> & {
  mobile?: string;
  avatar?: string | null;
};

export function readUserInfo(): StoredUserInfo | null {
  const value = getJson<unknown>(storageKeys.userInfo);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as StoredUserInfo) : null;
}

export function patchUserInfo(patch: StoredUserInfo): void {
  setItem(storageKeys.userInfo, { ...(readUserInfo() ?? {}), ...patch });
}

export function getToken(): string {
  return getString(storageKeys.token) ?? '';
}
