import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes, storageKeys } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { signIn, storedUserInfo } from '../../test/session-fixture.js';
import { openExternal } from '../../lib/navigation.js';

vi.mock('../../lib/navigation.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/navigation.js')>()),
  // leaving for WeChat is the one navigation jsdom cannot perform
  openExternal: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(openExternal).mockClear();
});

const wxUrl = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&response_type=code&scope=snsapi_base&state=s1#wechat_redirect';
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('bind (pages/login/bind)', () => {
  test('WeChat not configured: says so and 跳过，进入首页 goes home', async () => {
    signIn();
    stubApi({ '/v1/wxAuthorizeUrl': ok({ configured: false, url: null }) });
    const app = await renderApp(routes.login.bind, '');
    expect(await screen.findByText('当前未配置微信授权，可跳过')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '微信授权绑定' })).toBeNull();
    await press('跳过，进入首页');
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
  });

  test('straight from a login with WeChat not configured: no stop on the bind page, on to where the person was going', async () => {
    const info = signIn();
    stubApi({ '/v1/wxAuthorizeUrl': ok({ configured: false, url: null }) });
    const app = await renderApp(`${routes.login.bind}?mobile=${info.username}&token=${info.token}&from=login&redirect=${encodeURIComponent(routes.cxb2024.personApply)}`, '');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personApply));
    expect(screen.queryByText('当前未配置微信授权，可跳过')).toBeNull();
  });

  test('straight from a login with WeChat configured: the bind page as the seed has it', async () => {
    const info = signIn();
    stubApi({ '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }) });
    const app = await renderApp(`${routes.login.bind}?mobile=${info.username}&token=${info.token}&from=login`);
    expect(await screen.findByText('绑定微信后可接收审核结果通知')).toBeTruthy();
    expect(app.path()).toBe(routes.login.bind);
  });

  test('configured: 微信授权绑定 sends the browser to WeChat with a freshly minted URL', async () => {
    const info = signIn();
    const api = stubApi({ '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }) });
    await renderApp(`${routes.login.bind}?mobile=${info.username}&token=${info.token}`);
    expect(await screen.findByText('绑定微信后可接收审核结果通知')).toBeTruthy();
    expect(document.querySelector('.adm-nav-bar')?.textContent).toContain('绑定微信');
    await press('微信授权绑定');
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(wxUrl));
    expect(api.callsTo('/v1/wxAuthorizeUrl')).toHaveLength(2);
    expect(api.callsTo('/v1/wxAuthorizeUrl')[1]?.headers.authorization).toBe(info.token);
  });

  test('back from WeChat (?code&state before the hash): bindWxUser once, openid stored, 绑定成功, home; code and state leave the address bar', async () => {
    signIn();
    const api = stubApi({ '/v1/bindWxUser': ok({ openid: 'o-wx-42' }), '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }) });
    const app = await renderApp(routes.login.bind, '?code=CODE1&state=STATE1');
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
    expect(await screen.findByText('绑定成功')).toBeTruthy();
    const calls = api.callsTo('/v1/bindWxUser');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({ code: 'CODE1', state: 'STATE1', platform: 'wap', rent_mode: '2' });
    expect(localStorage.getItem(storageKeys.openid)).toBe('o-wx-42');
    expect(storedUserInfo().openid).toBe('o-wx-42');
    expect(window.location.search).toBe('');
  });

  test('code and state inside the hash query are accepted too', async () => {
    signIn();
    const api = stubApi({ '/v1/bindWxUser': ok({ openid: 'o-wx-7' }) });
    const app = await renderApp(`${routes.login.bind}?mobile=13812341234&code=C2&state=S2`);
    await waitFor(() => expect(app.path()).toBe(routes.home.index));
    expect(api.callsTo('/v1/bindWxUser')[0]?.url.searchParams.get('code')).toBe('C2');
    expect(localStorage.getItem(storageKeys.openid)).toBe('o-wx-7');
  });

  test('failure: the server message, nothing bound, 重新授权 and 跳过，进入首页', async () => {
    signIn();
    stubApi({
      '/v1/bindWxUser': fail('授权已失效，请重新授权', 1202),
      '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }),
    });
    const app = await renderApp(routes.login.bind, '?code=USED&state=OLD');
    expect(await screen.findByText('授权已失效，请重新授权')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '重新授权' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '跳过，进入首页' })).toBeTruthy();
    expect(app.path()).toBe(routes.login.bind);
    expect(localStorage.getItem(storageKeys.openid)).toBe('');
    expect(storedUserInfo().openid).toBeNull();
    expect(window.location.search).toBe('');
    await press('重新授权');
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(wxUrl));
  });

  test('a WeChat timeout surfacing as HTTP 5xx is shown as 网络请求错误', async () => {
    signIn();
    stubApi({
      '/v1/bindWxUser': { status: 502, body: {} },
      '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }),
    });
    await renderApp(routes.login.bind, '?code=C&state=S');
    expect(await screen.findByText('网络请求错误，状态码502')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '重新授权' })).toBeTruthy();
  });

  test('a bind link carrying someone else’s token does not log anybody in', async () => {
    const api = stubApi({ '/v1/wxAuthorizeUrl': ok({ configured: true, url: wxUrl }) });
    await renderApp(`${routes.login.bind}?mobile=13812341234&token=someone-elses`);
    expect(await screen.findByText('请先登录')).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
