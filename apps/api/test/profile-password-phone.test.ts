import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, Code, type UserProfile } from '@qgw/contracts';
import { data, get, login, newUser, post, register, rowCounts, sentSmsCode, smsCodeFor, strongPassword, uniqueMobile } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/getUserInfo', () => {
  it('answers the caller’s profile', async () => {
    const u = await newUser(t.app);
    const p = data(await get<UserProfile>(t.app, apiPaths.getUserInfo, {}, { token: u.token }));
    expect(p).toMatchObject({ id: u.id, mobile: u.mobile, avatar: null, openid: null, roles: ['applicant'], new_user: true });
    expect(Date.parse(p.createdAt)).not.toBeNaN();
  });
});

describe('POST /v1/updateProfile', () => {
  it('changes the nickname and audits before/after', async () => {
    const u = await newUser(t.app);
    const p = data(await post<UserProfile>(t.app, apiPaths.updateProfile, { nickname: '  新昵称 ' }, { token: u.token }));
    expect(p.nickname).toBe('新昵称');
    const [entry] = await t.services.audit.list({ entityId: u.id, action: 'user.update_profile' });
    expect(entry?.after).toEqual({ nickname: '新昵称' });
    expect(entry?.before).toEqual({ nickname: u.login.nickname });
  });

  it('refuses an empty update, an overlong nickname, and an avatar URL it did not issue', async () => {
    const u = await newUser(t.app);
    const before = await rowCounts(t.db);
    const empty = await post(t.app, apiPaths.updateProfile, {}, { token: u.token });
    expect(empty.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '没有需要修改的内容' });
    const long = await post(t.app, apiPaths.updateProfile, { nickname: '长'.repeat(21) }, { token: u.token });
    expect(long.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    for (const avatar of [
      'https://evil.example/x.png',
      `${apiPaths.avatarFile}/../../etc/passwd`,
      `${apiPaths.avatarFile}/${'a'.repeat(32)}.png`, // well-formed but never uploaded
      'javascript:alert(1)',
    ]) {
      const a = await post(t.app, apiPaths.updateProfile, { avatar }, { token: u.token });
      expect(a.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '头像地址无效，请重新上传' });
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('removes the avatar with null', async () => {
    const u = await newUser(t.app);
    const p = data(await post<UserProfile>(t.app, apiPaths.updateProfile, { avatar: null }, { token: u.token }));
    expect(p.avatar).toBeNull();
  });

  it('needs a session', async () => {
    expect((await post(t.app, apiPaths.updateProfile, { nickname: 'x' })).status).toBe(401);
  });
});

describe('POST /v1/updatePassword', () => {
  it('refuses a wrong current password and keeps everything', async () => {
    const u = await newUser(t.app);
    const before = await rowCounts(t.db);
    const a = await post(t.app, apiPaths.updatePSD, { oldPassword: 'wrong-password', newPassword: strongPassword() }, { token: u.token });
    expect(a.body).toEqual({ success: false, code: Code.WRONG_PASSWORD, message: '当前密码错误' });
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(200);
  });

  it('applies the new-password rules', async () => {
    const u = await newUser(t.app);
    const common = await post(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword: 'password123' }, { token: u.token });
    expect(common.body).toEqual({ success: false, code: Code.WEAK_PASSWORD, message: '密码过于常见，请换一个' });
    const short = await post(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword: '1234567' }, { token: u.token });
    expect(short.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '密码至少8位' });
    const asMobile = await post(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword: u.mobile }, { token: u.token });
    expect(asMobile.body).toMatchObject({ success: false, code: Code.WEAK_PASSWORD });
    expect((await get(t.app, apiPaths.getUserInfo, {}, { token: u.token })).status).toBe(200);
  });

  it('counts wrong current passwords towards the account lock', async () => {
    const u = await newUser(t.app);
    const max = t.config.login.maxFailuresPerAccount;
    let last;
    for (let i = 0; i < max; i++) {
      last = await post(t.app, apiPaths.updatePSD, { oldPassword: `wrong-${i}`, newPassword: strongPassword() }, { token: u.token });
    }
    expect(last?.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
    const right = await post(t.app, apiPaths.updatePSD, { oldPassword: u.password, newPassword: strongPassword() }, { token: u.token });
    expect(right.body).toMatchObject({ success: false, code: Code.ACCOUNT_LOCKED });
  });
});

describe('POST /v1/updatePhone', () => {
  it('refuses a wrong password, a taken mobile and the same mobile, writing nothing', async () => {
    const u = await newUser(t.app);
    const taken = await register(t.app);
    // a registered mobile is sent no code, so a move to it cannot be proved
    data(await post(t.app, apiPaths.sendSmsCode, { mobile: taken.mobile, purpose: 'changePhone' }));
    expect(await sentSmsCode(t.app, taken.mobile, 'changePhone')).toBeUndefined();
    const before = await rowCounts(t.db);
    const smsCode = '123456';
    const wrong = await post(t.app, apiPaths.updatePhone, { password: 'wrong-password', newMobile: uniqueMobile(), smsCode }, { token: u.token });
    expect(wrong.body).toEqual({ success: false, code: Code.WRONG_PASSWORD, message: '当前密码错误' });
    const dup = await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile: taken.mobile, smsCode }, { token: u.token });
    expect(dup.body).toEqual({ success: false, code: Code.SMS_CODE_INVALID, message: '验证码错误或已失效' });
    const same = await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile: u.mobile, smsCode }, { token: u.token });
    expect(same.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const bad = await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile: '1234', smsCode }, { token: u.token });
    expect(bad.body).toEqual({ success: false, code: Code.BAD_REQUEST, message: '请输入正确的11位手机号' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses moving to the mobile that is the password (the password may never be the account\'s mobile)', async () => {
    // a password that is some other mobile number is allowed at registration
    const passwordLikeMobile = uniqueMobile();
    const { mobile } = await register(t.app, uniqueMobile(), passwordLikeMobile);
    const { token } = await login(t.app, mobile, passwordLikeMobile);
    const before = await rowCounts(t.db);
    const moved = await post(t.app, apiPaths.updatePhone, { password: passwordLikeMobile, newMobile: passwordLikeMobile, smsCode: '123456' }, { token });
    expect(moved.body).toEqual({ success: false, code: Code.WEAK_PASSWORD, message: '新手机号与当前密码相同，请先修改密码再更换手机号' });
    expect(await rowCounts(t.db)).toEqual(before);
    // still the old mobile
    expect((await login(t.app, mobile, passwordLikeMobile)).username).toBe(mobile);
  });

  it('audits the change with masked mobiles only', async () => {
    const u = await newUser(t.app);
    const newMobile = uniqueMobile();
    const smsCode = await smsCodeFor(t.app, newMobile, 'changePhone');
    data(await post(t.app, apiPaths.updatePhone, { password: u.password, newMobile, smsCode }, { token: u.token }));
    const [entry] = await t.services.audit.list({ entityId: u.id, action: 'user.update_phone' });
    expect(entry?.before).toEqual({ mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}` });
    expect(JSON.stringify(entry)).not.toContain(newMobile);
    expect(JSON.stringify(entry)).not.toContain(u.mobile);
  });
});
