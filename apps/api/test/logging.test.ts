import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@qgw/contracts';
import { createLogger, requestChildLogger, scrubLine } from '../src/logger.js';
import { data, get, login, post, register, smsCodeFor, strongPassword, uniqueMobile } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWechatDouble, type WechatDouble, wechatEnv } from './support/wechat-double.js';

const lines: string[] = [];
let t: TestApp;
let wx: WechatDouble;

beforeAll(async () => {
  wx = await startWechatDouble();
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'debug',
      ...wechatEnv(wx),
    },
    logStream: new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    }),
    beforeReady: (app) => {
      // a database error of the kind PostgreSQL raises: its detail quotes the duplicate value
      app.get('/v1/__test/db-error', async () => {
        const err = Object.assign(new Error('duplicate key value violates unique constraint "users_mobile_unique"'), {
          code: '23505',
          detail: 'Key (mobile)=(13712345678) already exists.',
        });
        throw err;
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

describe('logs carry no personal data', () => {
  it('after register, login, failures, phone change, SMS codes, password reset, WeChat binding and errors', async () => {
    const secrets: string[] = [wx.secret];
    const { mobile, password } = await register(t.app);
    secrets.push(mobile, password);
    const l = await login(t.app, mobile, password);
    secrets.push(l.token);
    await post(t.app, apiPaths.login, { mobile, password: 'wrong-password-here' });
    secrets.push('wrong-password-here');
    await post(t.app, apiPaths.login, { mobile: '13', password: 'short-but-secret' }); // validation failure
    secrets.push('short-but-secret');

    const newPassword = strongPassword();
    const { token } = data(await post<{ token: string }>(t.app, apiPaths.updatePSD, { oldPassword: password, newPassword }, { token: l.token }));
    secrets.push(newPassword, token);
    const newMobile = uniqueMobile();
    const phoneCode = await smsCodeFor(t.app, newMobile, 'changePhone');
    const phone = data(await post<{ token: string }>(t.app, apiPaths.updatePhone, { password: newPassword, newMobile, smsCode: phoneCode }, { token }));
    secrets.push(newMobile, phone.token);
    // codes for an SMS login, a password reset and an unknown mobile (sent nothing), a wrong code
    const smsLogin = data(await post<{ token: string }>(t.app, apiPaths.loginBySms, { mobile: newMobile, smsCode: await smsCodeFor(t.app, newMobile, 'login') }));
    secrets.push(smsLogin.token);
    const resetPassword = strongPassword();
    const resetCode = await smsCodeFor(t.app, newMobile, 'resetPassword');
    await post(t.app, apiPaths.resetPassword, { mobile: newMobile, smsCode: resetCode === '000000' ? '111111' : '000000', newPassword: resetPassword });
    data(await post(t.app, apiPaths.resetPassword, { mobile: newMobile, smsCode: resetCode, newPassword: resetPassword }));
    secrets.push(resetPassword);
    const unknownMobile = uniqueMobile();
    data(await post(t.app, apiPaths.sendSmsCode, { mobile: unknownMobile, purpose: 'resetPassword' }));
    secrets.push(unknownMobile);
    expect(lines.join('')).toContain('verification code sent to the development outbox');
    const relogin = await login(t.app, newMobile, resetPassword);

    const { url } = data(await get<{ url: string }>(t.app, apiPaths.wxAuthorizeUrl, {}, { token: relogin.token }));
    const state = new URL(url).searchParams.get('state')!;
    const code = wx.issueCode();
    secrets.push(state, code);
    data(await get(t.app, apiPaths.bindUser, { code, state }, { token: relogin.token }));
    wx.setMode('timeout');
    await get(t.app, apiPaths.bindUser, { code: wx.issueCode(), state: 'whatever-state' }, { token: relogin.token });
    wx.setMode('normal');

    // the look-up call of later issues carries the mobile in its query string
    const lookupMobile = uniqueMobile();
    secrets.push(lookupMobile);
    await t.app.inject({ method: 'GET', url: `/v1/getRankUserInfo?mobile=${lookupMobile}&type=check`, headers: { authorization: relogin.token } });
    await t.app.inject({ method: 'GET', url: '/v1/__test/db-error' });
    secrets.push('13712345678');

    const text = lines.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('/v1/getRankUserInfo');
    expect(text).toContain('23505');
    expect(text).not.toContain('already exists'); // the error's detail field is dropped, not just masked
    for (const s of secrets) expect(text, `log contains ${s.slice(0, 4)}…`).not.toContain(s);
    expect(text).not.toMatch(/authorization"\s*:\s*"(?!\[redacted\])/i);
  });
});

describe('scrubLine', () => {
  it('masks mainland mobiles and ID numbers but leaves timestamps and ids alone', () => {
    expect(scrubLine('m=13812345678;')).toBe('m=[redacted];');
    expect(scrubLine('id 11010519491231002X here')).toBe('id [redacted] here');
    expect(scrubLine('"time":1732212345678')).toBe('"time":1732212345678');
    expect(scrubLine('uuid dc07cce1-0751-4a23-b2f6-1c72b423f60d')).toBe('uuid dc07cce1-0751-4a23-b2f6-1c72b423f60d');
  });

  it('leaves numbers whole: a fraction or an integer part shaped like a mobile stays valid JSON', () => {
    for (const line of ['{"responseTime":12.13912345678}', '{"x":13812345678.5}', '{"x":0.110105194912310021}']) {
      expect(scrubLine(line)).toBe(line);
      expect(() => JSON.parse(scrubLine(line)) as unknown).not.toThrow();
    }
    // a mobile after a full stop in text is still masked
    expect(scrubLine('结束。13812345678')).toBe('结束。[redacted]');
    expect(scrubLine('end. 13812345678.')).toBe('end. [redacted].');
  });
});

describe('a request\'s logger (requestChildLogger)', () => {
  const capture = () => {
    const out: string[] = [];
    const stream = new Writable({ write(chunk, _enc, cb) { out.push(String(chunk)); cb(); } });
    return { out, parsed: () => out.map((l) => JSON.parse(l) as Record<string, unknown>), stream };
  };

  it('binds the request id as pino would, and still redacts what the request logs', () => {
    const c = capture();
    const parent = createLogger({ level: 'info', stream: c.stream });
    const log = requestChildLogger(parent, { reqId: 'req-1.a_B' }, {});
    log.info({ password: 'hunter2-secret', user: { token: 'tok-secret', mobile: '13812345678' }, n: 1 }, 'hello');
    log.child({ step: 'inner' }).warn('nested');
    const [first, second] = c.parsed();
    expect(first).toMatchObject({ reqId: 'req-1.a_B', msg: 'hello', password: '[redacted]', user: { token: '[redacted]', mobile: '[redacted]' }, n: 1 });
    expect(second).toMatchObject({ reqId: 'req-1.a_B', step: 'inner', msg: 'nested' });
    expect(c.out.join('')).not.toMatch(/hunter2|tok-secret|13812345678/);
  });

  it('honours a route\'s own level and keeps the parent unbound', () => {
    const c = capture();
    const parent = createLogger({ level: 'info', stream: c.stream });
    const quiet = requestChildLogger(parent, { reqId: 'r2' }, { level: 'error' });
    quiet.info('dropped');
    quiet.error('kept');
    parent.info('parent');
    expect(c.parsed().map((l) => [l.msg, l.reqId])).toEqual([['kept', 'r2'], ['parent', undefined]]);
  });
});
