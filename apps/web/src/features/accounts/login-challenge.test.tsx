/**
 * The login screen when the server asks for a proof-of-work challenge (HTTP 428 CHALLENGE_REQUIRED,
 * decision 0021) or refuses for a while (HTTP 429): the widget appears only then, and the login is
 * sent again with its solution; a 429 shows the server's own message. The ALTCHA widget itself (a
 * web component with workers) is replaced by a stand-in that "solves" when pressed.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, stubApi } from '../../test/api-stub.js';
import { loginAnswer } from '../../test/session-fixture.js';

/** widgets mounted so far: each one's solution is numbered by it */
const mounted = { count: 0 };
vi.mock('./components/challenge-widget.js', async () => {
  const { useState } = await import('react');
  return {
    default: function StandIn({ onSolved }: { onSolved: (altcha: string) => void }) {
      const [n] = useState(() => ++mounted.count);
      return (
        <button type="button" onClick={() => onSolved(`solution-${n}`)}>
          完成人机验证
        </button>
      );
    },
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  mounted.count = 0;
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

const asked = (message: string) => ({ status: 428, body: { success: false, code: Code.CHALLENGE_REQUIRED, message } });

async function fillLogin() {
  await screen.findByLabelText('手机号');
  type('手机号', '13812341234');
  type('密码', 'my password');
}

describe('login: a challenge when the server asks for one', () => {
  test('no widget until asked; then the server\'s message and the widget; solved, the login goes again with `altcha`', async () => {
    const info = loginAnswer();
    const api = stubApi({
      '/v1/login': ({ body }) =>
        (body as { altcha?: string }).altcha ? ok(info) : asked('该账号登录失败次数较多，请完成人机验证后重试'),
    });
    const app = await renderApp(routes.login.index);
    await fillLogin();
    expect(screen.queryByRole('button', { name: '完成人机验证' })).toBeNull();
    await press('登录');

    expect(await screen.findByText('该账号登录失败次数较多，请完成人机验证后重试')).toBeTruthy();
    await screen.findByRole('button', { name: '完成人机验证' });
    await press('完成人机验证');

    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    const sent = api.callsTo('/v1/login').map((c) => c.body);
    expect(sent).toEqual([
      { mobile: '13812341234', password: 'my password', platform: 'wap', rent_mode: 2 },
      { mobile: '13812341234', password: 'my password', altcha: 'solution-1', platform: 'wap', rent_mode: 2 },
    ]);
  });

  test('a solution the server refuses (used, expired) brings a fresh widget, and its solution is sent', async () => {
    let answers = 0;
    const api = stubApi({
      '/v1/login': () => (++answers < 3 ? asked(answers === 1 ? '当前网络请求过多，请完成人机验证后重试' : '人机验证已失效，请重新验证') : ok(loginAnswer())),
    });
    const app = await renderApp(routes.login.index);
    await fillLogin();
    await press('登录');
    await screen.findByRole('button', { name: '完成人机验证' });
    await press('完成人机验证');
    expect(await screen.findByText('人机验证已失效，请重新验证')).toBeTruthy();
    await waitFor(() => expect(mounted.count).toBe(2));
    await press('完成人机验证');
    await waitFor(() => expect(app.path()).toBe(routes.login.bind));
    expect(api.callsTo('/v1/login').map((c) => (c.body as { altcha?: string }).altcha)).toEqual([undefined, 'solution-1', 'solution-2']);
  });

  test('HTTP 429 shows the server\'s message saying how long to wait, not the status code; no widget', async () => {
    stubApi({
      '/v1/login': { status: 429, headers: { 'retry-after': '37' }, body: { success: false, code: Code.RATE_LIMITED, message: '操作过于频繁，请37秒后再试' } },
    });
    const app = await renderApp(routes.login.index);
    await fillLogin();
    await press('登录');
    expect(await screen.findByText('操作过于频繁，请37秒后再试')).toBeTruthy();
    expect(screen.queryByText('网络请求错误，状态码429')).toBeNull();
    expect(screen.queryByRole('button', { name: '完成人机验证' })).toBeNull();
    expect(app.path()).toBe(routes.login.index);
  });
});
