/** The localStorage keys (docs/requirements.md#storage-keys), exactly as written. */
export const storageKeys = {
  userInfo: 'user_info',
  token: 'token',
  mobile: 'mobile',
  uid: 'uid',
  openid: 'openid',
  applyStatus: 'applyStatus',
  tempStatus: 'tempStatus',
  applyDetail: 'applyDetail',
  applyStatusMessage: 'applyStatusMessage',
  browserId: 'browserId',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
