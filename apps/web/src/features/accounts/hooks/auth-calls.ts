/**
 * What login and registration send, and the schemas they check it with: loaded with the first
 * submission (or when the browser is idle), not with the screen, so the login screen draws without
 * the validation library.
 */
export { ZLoginBySmsRequest, ZLoginRequest, ZRegisterRequest, ZResetPasswordRequest, ZSendSmsCodeRequest } from '@qgw/contracts';
export { accountOps } from '../api/operations.js';
