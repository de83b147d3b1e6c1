import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  maskMobile,
  ZLoginRequest,
  ZNewPassword,
  ZRegisterRequest,
  ZSendSmsCodeRequest,
  ZUpdatePhoneRequest,
  ZUpdateProfileRequest,
} from './accounts.js';
import { limits } from './limits.js';

describe('account schemas', () => {
  it('accepts mainland mobiles and refuses others', () => {
    expect(ZLoginRequest.safeParse({ mobile: '13812341234', password: 'x' }).success).toBe(true);
    for (const bad of ['12812341234', '1381234123', '138123412345', 'abcdefghijk', '']) {
      expect(ZLoginRequest.safeParse({ mobile: bad, password: 'x' }).success).toBe(false);
    }
  });

  it('counts password length in code points, any characters, 8 to 128', () => {
    expect(ZNewPassword.safeParse('a'.repeat(7)).success).toBe(false);
    expect(ZNewPassword.safeParse('a'.repeat(8)).success).toBe(true);
    expect(ZNewPassword.safeParse('😀'.repeat(8)).success).toBe(true); // 16 UTF-16 units, 8 characters
    expect(ZNewPassword.safeParse('😀'.repeat(128)).success).toBe(true);
    expect(ZNewPassword.safeParse('😀'.repeat(129)).success).toBe(false);
    expect(ZNewPassword.safeParse('密码 with spaces').success).toBe(true);
  });

  it('accepts every 8–128 character string as a new password (no composition rules)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: limits.password.min, maxLength: 40 }), (s) => {
        const n = [...s].length;
        expect(ZNewPassword.safeParse(s).success).toBe(n >= limits.password.min && n <= limits.password.max);
      }),
    );
  });

  it('requires consent to register, and strips fields the client may not set', () => {
    const base = { mobile: '13812341234', smsCode: '123456', password: 'correct horse battery' };
    expect(ZRegisterRequest.safeParse(base).success).toBe(false);
    expect(ZRegisterRequest.safeParse({ ...base, agree: false }).success).toBe(false);
    const ok = ZRegisterRequest.parse({ ...base, agree: true, platform: 'wap', rent_mode: 2, roles: ['admin'] });
    expect(ok).not.toHaveProperty('roles');
    expect(ok).not.toHaveProperty('platform');
  });

  it('requires a 6-digit verification code to register and to change the phone', () => {
    const base = { mobile: '13812341234', password: 'correct horse battery', agree: true };
    expect(ZRegisterRequest.safeParse(base).success).toBe(false);
    for (const smsCode of ['', '12345', '1234567', '12345a', '１２３４５６']) expect(ZRegisterRequest.safeParse({ ...base, smsCode }).success, smsCode).toBe(false);
    expect(ZRegisterRequest.parse({ ...base, smsCode: ' 012345 ' }).smsCode).toBe('012345');
    expect(ZUpdatePhoneRequest.safeParse({ password: 'x', newMobile: '13812341234' }).success).toBe(false);
    expect(ZUpdatePhoneRequest.safeParse({ password: 'x', newMobile: '13812341234', smsCode: '000000' }).success).toBe(true);
    expect(ZSendSmsCodeRequest.safeParse({ mobile: '13812341234', purpose: 'register' }).success).toBe(true);
    expect(ZSendSmsCodeRequest.safeParse({ mobile: '13812341234', purpose: 'admin' }).success).toBe(false);
  });

  it('refuses an empty profile update', () => {
    expect(ZUpdateProfileRequest.safeParse({}).success).toBe(false);
    expect(ZUpdateProfileRequest.safeParse({ nickname: '小青' }).success).toBe(true);
  });

  it('masks mobiles as 138****1234', () => {
    expect(maskMobile('13812341234')).toBe('138****1234');
  });
});
