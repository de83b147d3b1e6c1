import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { currentStatus, summary } from './testing/fixtures.js';
import { qrMatrix } from './components/qr-matrix.js';

afterEach(() => vi.unstubAllGlobals());

describe('2024 home: programme status (getCurrentStatus, getApplyStatus)', () => {
  test('phase label and dates for a visitor; my entries ask to log in; no getApplyStatus without a session', async () => {
    const api = stubApi({ '/v1/getCurrentStatus': ok(currentStatus('open')) });
    await renderApp(routes.cxb2024.index);
    expect((await screen.findByTestId('programme-phase')).textContent).toBe('申报中');
    expect(screen.getByText('申报进行中，欢迎踊跃参与')).toBeTruthy();
    expect(screen.getByText('2024-05-01 至 2024-07-31')).toBeTruthy();
    expect(screen.getByText('2024-10-15')).toBeTruthy();
    expect(screen.getByRole('link', { name: '登录后查看我的申报' })).toBeTruthy();
    expect(api.callsTo('/v1/getApplyStatus')).toHaveLength(0);
    expect(api.callsTo('/v1/getCurrentStatus')[0]?.url.searchParams.get('platform')).toBe('wap');
  });

  test('logged in: my person, company and work entries with their states, each linking to its result', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('reviewing')),
      '/v1/getApplyStatus': ok({
        person: summary('person', 'under_review'),
        company: summary('company', 'returned', { reason: '营业执照不清晰' }),
        works: [summary('work', 'submitted', { id: 'w-9' })],
      }),
    });
    await renderApp(routes.cxb2024.index);
    const list = await screen.findByRole('list', { name: '我的申报' });
    const person = within(list).getByRole('link', { name: /个人申报/ });
    expect(person.textContent).toContain('审核中');
    expect(person.getAttribute('href')).toBe(`#${routes.cxb2024.personResult}`);
    expect(within(list).getByRole('link', { name: /企业申报/ }).textContent).toContain('退回修改');
    const work = within(list).getByRole('link', { name: /作品：乡村振兴数字地图/ });
    expect(work.getAttribute('href')).toBe(`#${routes.cxb2024.workResult}?id=w-9`);
    expect(screen.getByTestId('programme-phase').textContent).toBe('评审中');
  });

  test('logged in with nothing entered yet: the empty line', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getApplyStatus': ok({ person: null, company: null, works: [] }),
    });
    await renderApp(routes.cxb2024.index);
    expect(await screen.findByText('暂无申报，选择下方入口开始申报')).toBeTruthy();
  });

  test('status that fails to load offers a retry, which asks again', async () => {
    let n = 0;
    const api = stubApi({
      '/v1/getCurrentStatus': () => (++n <= 2 ? fail('服务暂不可用', 5030) : ok(currentStatus('closed'))),
    });
    await renderApp(routes.cxb2024.index);
    const retry = await screen.findByRole('button', { name: '重新加载' }, { timeout: 8000 });
    await act(async () => fireEvent.click(retry));
    expect((await screen.findByTestId('programme-phase')).textContent).toBe('已结束');
    expect(api.callsTo('/v1/getCurrentStatus').length).toBeGreaterThanOrEqual(3);
  });

  test('the entry cards open personApply, workApply and companyApply', async () => {
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('open')) });
    const app = await renderApp(routes.cxb2024.index);
    for (const [name, path] of [
      ['个人申报', routes.cxb2024.personApply],
      ['作品申报', routes.cxb2024.workApply],
      ['企业申报', routes.cxb2024.companyApply],
    ] as const) {
      await act(async () => fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) })));
      await waitFor(() => expect(app.path()).toBe(path));
      await act(async () => app.router.navigate(-1));
      await waitFor(() => expect(app.path()).toBe(routes.cxb2024.index));
    }
  });

  test('分享评选 opens the QR code page', async () => {
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('open')) });
    const app = await renderApp(routes.cxb2024.index);
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: '分享评选' })));
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.qrcodePage));
  });
});

describe('qrcodePage', () => {
  test('a QR code of the programme home address, the address itself and 保存图片', async () => {
    await renderApp(routes.cxb2024.qrcodePage);
    const code = await screen.findByRole('img', { name: '评选二维码' });
    const link = screen.getByTestId('qrcode-link').textContent ?? '';
    expect(link).toBe(`${window.location.origin}/#/pages/cxb2024/index`);
    // the drawn modules are exactly the code of that address
    const m = qrMatrix(link);
    const dark = (code.querySelector('path')?.getAttribute('d') ?? '').match(/M/g)?.length ?? 0;
    let expected = 0;
    for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.dark(r, c)) expected++;
    expect(dark).toBe(expected);
    expect(code.getAttribute('viewBox')).toBe(`-4 -4 ${m.size + 8} ${m.size + 8}`);
    expect(screen.getByRole('button', { name: '保存图片' })).toBeTruthy();
  });

  test('保存图片 without a drawing surface says it failed instead of saving nothing', async () => {
    await renderApp(routes.cxb2024.qrcodePage);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '保存图片' })));
    expect(await screen.findByText('二维码生成失败，请稍后重试')).toBeTruthy();
  });
});
