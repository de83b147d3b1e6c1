import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createHashRouter } from 'react-router';
import { apiPaths, Code, routes, storageKeys, ZLoginRequest, ZLoginResponse } from '@qgw/contracts';
import {
  ApiFailure,
  ConsoleMfaRequiredError,
  HttpError,
  SessionExpiredError,
  ValidationError,
  call,
  defineOperation,
  isChallengeRequired,
  request,
} from './request.js';
import { toastError } from './toast.js';
import { bindRouter } from './navigation.js';
import { useSession } from '../stores/session.js';
import { fail, ok, stubApi } from '../test/api-stub.js';

const login = defineOperation({ method: 'POST', path: apiPaths.login, request: ZLoginRequest, response: ZLoginResponse });
const loginAnswer = {
  token: 't-123',
  username: '13812341234',
  id: 'u1',
  openid: null,
  nickname: '小青',
  new_user: true,
  erroMessage: '',
  roles: ['applicant'],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request (requirements: request wrapper)', () => {
  test('POST: method upper-cased, data merged with platform=wap and rent_mode=2 as a JSON body, token in Authorization', async () => {
    localStorage.setItem(storageKeys.token, 'stored-token');
    const api = stubApi({ '/v1/registerUser': ok('ok') });
    const body = await request('post', apiPaths.register, { mobile: '13812341234', nickname: '青' });
    expect(body).toEqual({ success: true, code: 0, message: 'ok' });
    const [sent] = api.calls;
    expect(sent?.method).toBe('POST');
    expect(sent?.url.pathname).toBe('/v1/registerUser');
    expect(sent?.url.search).toBe('');
    expect(sent?.body).toEqual({ mobile: '13812341234', nickname: '青', platform: 'wap', rent_mode: 2 });
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toBe('stored-token');
  });

  test('GET: the merged data goes in the query string and there is no body', async () => {
    const api = stubApi({ '/v1/getRankUserInfo': ok({}) });
    await request('get', apiPaths.getRankUser, { mobile: '13812341234', type: 'check' });
    const [sent] = api.calls;
    expect(sent?.method).toBe('GET');
    expect(sent?.body).toBeUndefined();
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      mobile: '13812341234',
      type: 'check',
      platform: 'wap',
      rent_mode: '2',
    });
  });

  test('without a stored token no Authorization header is sent', async () => {
    const api = stubApi({ '/v1/login': ok(loginAnswer) });
    await request('POST', apiPaths.login, {});
    expect(api.calls[0]?.headers.authorization).toBeUndefined();
  });

  test.each([400, 403, 404, 500, 503])('HTTP %i without the envelope throws 网络请求错误，状态码%i', async (status) => {
    stubApi({ '/v1/login': { status, body: {} } });
    const error = await request('POST', apiPaths.login, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe(`网络请求错误，状态码${status}`);
    expect((error as HttpError).code).toBeUndefined();
  });

  test('HTTP 429 without the envelope (a proxy\'s) says 操作太频繁，请稍后再试, never the status code', async () => {
    stubApi({ '/v1/login': { status: 429, body: {} } });
    const error = (await request('POST', apiPaths.login, {}).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(429);
    expect(error.message).toBe('操作太频繁，请稍后再试');
    toastError(error);
    expect(await screen.findByText('操作太频繁，请稍后再试')).toBeTruthy();
    expect(screen.queryByText('网络请求错误，状态码429')).toBeNull();
  });

  test('HTTP 429 without the envelope but with Retry-After says how long to wait', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '30' } })));
    const error = (await request('GET', apiPaths.getUserInfo).catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('操作太频繁，请30秒后再试');
    expect(error.retryAfterSeconds).toBe(30);
  });

  test('a Retry-After given as a date (not seconds) falls back to 稍后', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 429, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } })));
    await expect(request('GET', apiPaths.getUserInfo)).rejects.toThrow('操作太频繁，请稍后再试');
  });

  test('a body that is not JSON (a proxy\'s error page) is the status too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    await expect(request('GET', apiPaths.getUserInfo)).rejects.toThrow('网络请求错误，状态码502');
  });

  test('HTTP 429 with the envelope: the server\'s message, saying how long to wait, is what the user sees', async () => {
    stubApi({
      '/v1/login': { status: 429, headers: { 'retry-after': '42' }, body: { success: false, code: 4290, message: '操作过于频繁，请42秒后再试' } },
    });
    const error = (await request('POST', apiPaths.login, {}).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('操作过于频繁，请42秒后再试');
    expect(error.status).toBe(429);
    expect(error.code).toBe(4290);
    expect(error.retryAfterSeconds).toBe(42);
    toastError(error);
    expect(await screen.findByText('操作过于频繁，请42秒后再试')).toBeTruthy();
    expect(screen.queryByText('网络请求错误，状态码429')).toBeNull();
  });

  test.each([403, 500, 503])('HTTP %i with the envelope carries the server\'s message', async (status) => {
    stubApi({ '/v1/login': { status, body: { success: false, code: 5000, message: '服务器开小差了，请稍后再试' } } });
    const error = await request('POST', apiPaths.login, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
    expect((error as Error).message).toBe('服务器开小差了，请稍后再试');
  });

  test('HTTP 428 CHALLENGE_REQUIRED is told apart, with its message', async () => {
    stubApi({ '/v1/login': { status: 428, body: { success: false, code: Code.CHALLENGE_REQUIRED, message: '请完成人机验证后重试' } } });
    const error = await request('POST', apiPaths.login, {}).catch((e: unknown) => e);
    expect(isChallengeRequired(error)).toBe(true);
    expect((error as Error).message).toBe('请完成人机验证后重试');
    expect(isChallengeRequired(new HttpError(428))).toBe(false);
    expect(isChallengeRequired(new HttpError(429, 'x', Code.RATE_LIMITED))).toBe(false);
  });

  test('HTTP 401 ends the session: session keys cleared (browserId kept), toast, login page', async () => {
    const router = createHashRouter([{ path: '*', element: null }]);
    bindRouter(router);
    for (const key of [storageKeys.userInfo, storageKeys.token, storageKeys.mobile, storageKeys.uid, storageKeys.openid]) {
      localStorage.setItem(key, key === storageKeys.userInfo ? JSON.stringify(loginAnswer) : 'x');
    }
    localStorage.setItem(storageKeys.browserId, 'abc');
    useSession.getState().reload();
    expect(useSession.getState().access_token).toBe('x');
    stubApi({ '/v1/getUserInfo': { status: 401, body: { success: false, code: 4010, message: '请先登录' } } });

    const error = await request('GET', apiPaths.getUserInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as Error).message).toBe('网络请求错误，状态码401');
    expect(Object.keys({ ...localStorage })).toEqual([storageKeys.browserId]);
    expect(useSession.getState().access_token).toBe('');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeTruthy();
    expect(router.state.location.pathname).toBe(routes.login.index);
  });

  test('HTTP 401 CONSOLE_MFA_REQUIRED keeps the session and raises a typed error for the TOTP step', async () => {
    const router = createHashRouter([{ path: '*', element: null }]);
    bindRouter(router);
    await router.navigate('/console');
    localStorage.setItem(storageKeys.token, 'tok');
    localStorage.setItem(storageKeys.userInfo, JSON.stringify(loginAnswer));
    useSession.getState().reload();
    stubApi({ '/v1/console/queue': { status: 401, body: { success: false, code: 1401, message: '请先完成两步验证' } } });

    const error = await request('GET', apiPaths.consoleQueue, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsoleMfaRequiredError);
    expect((error as ConsoleMfaRequiredError).code).toBe(1401);
    expect((error as Error).message).toBe('请先完成两步验证');
    expect(localStorage.getItem(storageKeys.token)).toBe('tok');
    expect(useSession.getState().access_token).toBe('tok');
    expect(router.state.location.pathname).toBe('/console');
  });

  test('a network failure (fetch\'s TypeError, as offline) says 网络不可用，请检查网络后重试, not a crash', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('GET', apiPaths.getUserInfo)).rejects.toThrow('网络不可用，请检查网络后重试');
  });
});

describe('call: typed operations on top of request', () => {
  test('input is checked with the contract first: the first problem is a toast and nothing is sent', async () => {
    const api = stubApi({ '/v1/login': ok(loginAnswer) });
    const error = await call(login, { mobile: '12345', password: 'whatever' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(api.calls).toHaveLength(0);
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
  });

  test('success: the message is parsed with the answer schema', async () => {
    stubApi({ '/v1/login': ok(loginAnswer) });
    await expect(call(login, { mobile: '13812341234', password: 'pw' })).resolves.toEqual(loginAnswer);
  });

  test.each([
    ['success false', { success: false, code: 1101, message: '手机号或密码错误' }, '手机号或密码错误'],
    ['success missing', { code: 0, message: '出错了' }, '出错了'],
    ['success as a string', { success: 'true', code: 0, message: '还是失败' }, '还是失败'],
  ])('%s counts as failure with the server message', async (_name, body, message) => {
    stubApi({ '/v1/login': { body } });
    const error = await call(login, { mobile: '13812341234', password: 'pw' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiFailure);
    expect((error as Error).message).toBe(message);
  });

  test('a failure keeps its code for flows that branch on it', async () => {
    stubApi({ '/v1/login': fail('审核未通过', 9000) });
    const error = (await call(login, { mobile: '13812341234', password: 'pw' }).catch((e: unknown) => e)) as ApiFailure;
    expect(error.code).toBe(9000);
  });

  test('an answer that does not match the schema is refused', async () => {
    stubApi({ '/v1/login': ok({ token: 1 }) });
    await expect(call(login, { mobile: '13812341234', password: 'pw' })).rejects.toThrow('服务器返回的数据有误，请稍后重试');
  });
});
