import {
  apiPaths,
  ZBindWxUserRequest,
  ZBindWxUserResponse,
  ZGetUserInfoRequest,
  ZGetUserInfoResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLoginBySmsRequest,
  ZLoginBySmsResponse,
  ZLogoutRequest,
  ZLogoutResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZResetPasswordResponse,
  ZSendSmsCodeRequest,
  ZSendSmsCodeResponse,
  ZUpdatePasswordRequest,
  ZUpdatePasswordResponse,
  ZUpdatePhoneRequest,
  ZUpdatePhoneResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
  ZUploadAvatarResponse,
  ZWxAuthorizeUrlRequest,
  ZWxAuthorizeUrlResponse,
} from '@qgw/contracts';
import { defineOperation, unwrap, upload } from '../../../lib/request.js';

/** The account operations (PRODUCT §3), each with the contract's schemas. */
export const accountOps = {
  login: defineOperation({ method: 'POST', path: apiPaths.login, request: ZLoginRequest, response: ZLoginResponse }),
  register: defineOperation({
    method: 'POST',
    path: apiPaths.register,
    request: ZRegisterRequest,
    response: ZRegisterResponse,
  }),
  wxAuthorizeUrl: defineOperation({
    method: 'GET',
    path: apiPaths.wxAuthorizeUrl,
    request: ZWxAuthorizeUrlRequest,
    response: ZWxAuthorizeUrlResponse,
  }),
  bindUser: defineOperation({
    method: 'GET',
    path: apiPaths.bindUser,
    request: ZBindWxUserRequest,
    response: ZBindWxUserResponse,
  }),
  getUserInfo: defineOperation({
    method: 'GET',
    path: apiPaths.getUserInfo,
    request: ZGetUserInfoRequest,
    response: ZGetUserInfoResponse,
  }),
  updateProfile: defineOperation({
    method: 'POST',
    path: apiPaths.updateProfile,
    request: ZUpdateProfileRequest,
    response: ZUpdateProfileResponse,
  }),
  updatePSD: defineOperation({
    method: 'POST',
    path: apiPaths.updatePSD,
    request: ZUpdatePasswordRequest,
    response: ZUpdatePasswordResponse,
  }),
  updatePhone: defineOperation({
    method: 'POST',
    path: apiPaths.updatePhone,
    request: ZUpdatePhoneRequest,
    response: ZUpdatePhoneResponse,
  }),
  logout: defineOperation({ method: 'POST', path: apiPaths.logout, request: ZLogoutRequest, response: ZLogoutResponse }),
  // SMS verification codes
  sendSmsCode: defineOperation({
    method: 'POST',
    path: apiPaths.sendSmsCode,
    request: ZSendSmsCodeRequest,
    response: ZSendSmsCodeResponse,
  }),
  resetPassword: defineOperation({
    method: 'POST',
    path: apiPaths.resetPassword,
    request: ZResetPasswordRequest,
    response: ZResetPasswordResponse,
  }),
  loginBySms: defineOperation({ method: 'POST', path: apiPaths.loginBySms, request: ZLoginBySmsRequest, response: ZLoginBySmsResponse }),
};

export async function uploadAvatar(file: File) {
  return unwrap(await upload(apiPaths.uploadAvatar, file, 'file', file.name), ZUploadAvatarResponse);
}
