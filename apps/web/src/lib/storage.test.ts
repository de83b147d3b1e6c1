import { describe, expect, test } from 'vitest';
import { storageKeys } from '@qgw/contracts';
import { clearAll, clearSession, getJson, getString, patchUserInfo, readUserInfo, removeItems, setItem } from './storage.js';

describe('storage helpers', () => {
  test('strings are stored raw; objects, numbers and booleans as JSON', () => {
    setItem(storageKeys.token, 'abc"def');
    setItem(storageKeys.tempStatus, 1001);
    setItem(storageKeys.applyDetail, { rankUser: { name: '青' } });
    setItem(storageKeys.applyStatus, true);
    expect(localStorage.getItem('token')).toBe('abc"def');
    expect(localStorage.getItem('tempStatus')).toBe('1001');
    expect(localStorage.getItem('applyDetail')).toBe('{"rankUser":{"name":"青"}}');
    expect(getJson(storageKeys.tempStatus)).toBe(1001);
    expect(getJson(storageKeys.applyDetail)).toEqual({ rankUser: { name: '青' } });
    expect(getString(storageKeys.token)).toBe('abc"def');
  });

  test('reading missing or broken JSON gives null instead of throwing', () => {
    expect(getJson(storageKeys.userInfo)).toBeNull();
    localStorage.setItem('user_info', '{not json');
    expect(getJson(storageKeys.userInfo)).toBeNull();
    expect(readUserInfo()).toBeNull();
    localStorage.setItem('user_info', '[1,2]');
    expect(readUserInfo()).toBeNull();
  });

  test('clearSession removes the session and what was kept of the account\'s applications, not the device fingerprint', () => {
    for (const key of Object.values(storageKeys)) localStorage.setItem(key, 'v');
    localStorage.setItem('tus::some-upload', '{}');
    clearSession();
    expect(Object.keys({ ...localStorage }).sort()).toEqual(['browserId', 'tus::some-upload']);
  });

  test('clearAll empties local storage', () => {
    localStorage.setItem('browserId', 'x');
    localStorage.setItem('token', 'y');
    clearAll();
    expect(localStorage.length).toBe(0);
  });

  test('patchUserInfo merges into the stored user_info', () => {
    setItem(storageKeys.userInfo, { token: 'a', username: '13812341234', nickname: '旧' });
    patchUserInfo({ nickname: '新', token: 'b' });
    expect(readUserInfo()).toEqual({ token: 'b', username: '13812341234', nickname: '新' });
    removeItems([storageKeys.userInfo]);
    patchUserInfo({ openid: 'o1' });
    expect(readUserInfo()).toEqual({ openid: 'o1' });
  });
});
