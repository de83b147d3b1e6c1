import { storageKeys, type LoginResponse } from '@qgw/contracts';
import { useSession } from '../stores/session.js';

export const loginAnswer = (over: Partial<LoginResponse> = {}): LoginResponse => ({
  token: 'tok-abcdefghijklmnopqrstuv',
  username: '13812341234',
  id: 'user-1',
  openid: null,
  nickname: '小青',
  new_user: true,
  erroMessage: '',
  roles: ['applicant'],
  ...over,
});

/** Stores a session the way a login does, so that a screen starts logged in. */
export function signIn(over: Partial<LoginResponse> = {}): LoginResponse {
  const info = loginAnswer(over);
  localStorage.setItem(storageKeys.userInfo, JSON.stringify(info));
  localStorage.setItem(storageKeys.token, info.token);
  localStorage.setItem(storageKeys.mobile, info.username);
  localStorage.setItem(storageKeys.uid, info.id);
  localStorage.setItem(storageKeys.openid, info.openid ?? '');
  useSession.getState().reload();
  return info;
}

export const storedUserInfo = (): Record<string, unknown> =>
  JSON.parse(localStorage.getItem(storageKeys.userInfo) ?? 'null') as Record<string, unknown>;

export const profileOf = (info: LoginResponse, over: Record<string, unknown> = {}) => ({
  id: info.id,
  mobile: info.username,
  mobileMasked: `${info.username.slice(0, 3)}****${info.username.slice(7)}`,
  nickname: info.nickname,
  avatar: null,
  openid: info.openid,
  roles: info.roles,
  new_user: info.new_user,
  createdAt: '2024-05-01T00:00:00.000Z',
  ...over,
});
