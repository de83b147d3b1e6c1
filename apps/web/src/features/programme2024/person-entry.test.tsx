import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { navigateTo } from '../../lib/navigation.js';
import { useApplyStore } from '../../stores/apply.js';
import { forgetDrafts } from '../applications/index.js';
import { pickerShows, pickRegion } from '../applications/testing/pickers.js';
import { currentStatus, fileId, personData, validIdNumber, view } from './testing/fixtures.js';
import { field, findField, press, type } from './testing/form.js';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
  useApplyStore.setState({ personInfo: '111' });
});


describe('personApply (intro)', () => {
  test('outside the window: 开始申报 is disabled and the reason is shown', async () => {
    signIn();
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('not_open')), '/v1/getPersonInfo': ok({ person: null }) });
    await renderApp(routes.cxb2024.personApply);
    expect(await screen.findByText('申报尚未开始，开放后即可申报')).toBeTruthy();
    expect((screen.getByRole('button', { name: '开始申报' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('open and nothing entered: 开始申报 opens step 1', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: null }),
      '/v1/getDraft': ok(null),
    });
    const app = await renderApp(routes.cxb2024.personApply);
    await waitFor(() => expect((screen.getByRole('button', { name: '开始申报' }) as HTMLButtonElement).disabled).toBe(false));
    await press('开始申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information));
    expect(await findField('身份证号码')).toBeTruthy();
  });

  test('an entry under review: only 查看申报进度', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: view('person', 'under_review', personData) }),
    });
    const app = await renderApp(routes.cxb2024.personApply);
    await screen.findByRole('button', { name: '查看申报进度' });
    await press('查看申报进度');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personResult));
  });

  test('logged out: 去登录', async () => {
    stubApi({ '/v1/getCurrentStatus': ok(currentStatus('open')) });
    const app = await renderApp(routes.cxb2024.personApply);
    await screen.findByRole('button', { name: '去登录' });
    await press('去登录');
    await waitFor(() => expect(app.path()).toBe(routes.login.index));
  });
});

describe('person entry: information → information1 → information2 → personResult', () => {
  test('the three steps, each checked with the contract; a valid ID number fills birth date and gender; submit sends applyPerson with the draft', async () => {
    signIn();
    let submitted: RecordedCall | undefined;
    let person: ReturnType<typeof view> | null = null;
    const api = stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': () => ok({ person }),
      // the photo was uploaded earlier (another device): the draft resumes with it
      '/v1/getDraft': ok({ id: 'draft-7', version: 2, data: { photo: fileId(1) }, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/saveDraft': ok({ id: 'draft-7', version: 3, savedAt: '2024-05-02T02:05:00.000Z' }),
      '/v1/applyPerson': (call) => {
        submitted = call;
        person = view('person', 'submitted', personData, { id: 'draft-7' });
        return ok({ id: 'draft-7', status: 'submitted', version: 4 });
      },
    });
    const app = await renderApp(routes.cxb2024.index);
    await act(async () => navigateTo(routes.cxb2024.information));
    await findField('身份证号码');
    expect(screen.getByText('已恢复上次填写的内容')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: /第1步，共4步/ })).toBeTruthy();

    // step 1: nothing typed → the first problem, and the step stays
    await press('下一步');
    expect((await screen.findAllByText('请填写姓名')).length).toBeGreaterThan(0);
    expect(app.path()).toBe(routes.cxb2024.information);

    type('姓名', personData.name);
    // the right digits with the wrong check character
    type('身份证号码', validIdNumber.slice(0, 17) + (validIdNumber.endsWith('0') ? '1' : '0'));
    await press('下一步');
    expect((await screen.findAllByText('身份证号码不正确')).length).toBeGreaterThan(0);
    type('身份证号码', validIdNumber);
    expect(pickerShows('出生日期')).toBe('1990年03月07日');
    expect((screen.getByRole('radio', { name: '男' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(field('政治面貌'), { target: { value: '共青团员' } });
    fireEvent.change(field('学历'), { target: { value: '本科' } });
    await press('下一步');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information1));

    // step 2
    await findField('工作单位');
    type('工作单位', personData.organization);
    type('职务', personData.position);
    await pickRegion('所在地区', ['北京市', '东城区']);
    expect(pickerShows('所在地区')).toBe(personData.region);
    type('联系电话', '1381234');
    await press('下一步');
    expect((await screen.findAllByText('请填写11位手机号，或带区号的固定电话（如 010-12345678）')).length).toBeGreaterThan(0);
    type('联系电话', personData.contactMobile);
    await press('下一步');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information2));

    // step 3: the autosave has been sending what was typed, under the resumed draft's id
    await findField('个人简历');
    await waitFor(() => expect(api.callsTo('/v1/saveDraft').length).toBeGreaterThan(0), { timeout: 4000 });
    const saved = api.callsTo('/v1/saveDraft').at(-1)!.body as { kind: string; id: string; data: Record<string, unknown> };
    expect(saved).toMatchObject({ kind: 'person', id: 'draft-7', data: { name: '张青', idNumber: validIdNumber } });

    type('个人简历', personData.resume);
    type('主要成绩', personData.achievements);
    // the whole entry, read-only, before it is sent
    await press('预览');
    await waitFor(() => expect(app.search()).toContain('preview=1'));
    expect(await screen.findByText(personData.resume)).toBeTruthy();
    expect(screen.getByText(validIdNumber)).toBeTruthy();
    expect(api.callsTo('/v1/applyPerson')).toHaveLength(0);
    await press('提交');
    expect(await screen.findByText('提交成功...')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personResult));

    expect(submitted?.body).toMatchObject({
      ...personData,
      draftId: 'draft-7',
      platform: 'wap',
      rent_mode: 2,
    });
    expect(submitted?.body).not.toHaveProperty('status');
    // the result page shows the named state, and the apply store follows getPersonInfo
    expect((await screen.findByTestId('application-status')).textContent).toBe('已提交');
    await waitFor(() => expect(useApplyStore.getState().personInfo).toMatchObject({ id: 'draft-7', status: 'submitted' }));
  });

  test('a problem on an earlier step found on submit opens that step', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: null }),
      '/v1/getDraft': ok({ id: 'd', version: 1, data: { ...personData, name: undefined }, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/saveDraft': ok({ id: 'd', version: 2, savedAt: '2024-05-02T02:05:00.000Z' }),
    });
    const app = await renderApp(routes.cxb2024.index);
    await act(async () => navigateTo(routes.cxb2024.information));
    await findField('姓名');
    await act(async () => navigateTo(routes.cxb2024.information1));
    await act(async () => navigateTo(routes.cxb2024.information2));
    await findField('个人简历');
    await press('预览');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information));
    expect((await screen.findAllByText('请填写姓名')).length).toBeGreaterThan(0);
    // under the field itself, not only in the toast (the step's screen renders a moment after the address changes)
    await waitFor(() => expect(field('姓名').getAttribute('aria-invalid')).toBe('true'));
  });

  test('the server refuses (outside the window): its message, and the page stays', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: null }),
      '/v1/getDraft': ok({ id: 'd', version: 1, data: personData, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/applyPerson': fail('当前不在申报时间内', 4091),
    });
    const app = await renderApp(routes.cxb2024.information2);
    await findField('个人简历');
    await press('预览');
    await screen.findByText(personData.resume);
    await press('提交');
    expect(await screen.findByText('当前不在申报时间内')).toBeTruthy();
    expect(app.path()).toBe(routes.cxb2024.information2);
    expect(app.search()).toContain('preview=1');
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('returned: the reviewer reason above step 1, the form prefilled, nothing autosaved, updateApplyPerson with id and version', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    const api = stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('reviewing')),
      '/v1/getPersonInfo': ok({ person: view('person', 'returned', personData) }),
      '/v1/updateApplyPerson': (call) => {
        sent = call;
        return ok({ id: 'person-1', status: 'submitted', version: 4 });
      },
    });
    const app = await renderApp(routes.cxb2024.information);
    expect(await screen.findByText('照片不清晰，请重新上传')).toBeTruthy();
    expect(field('姓名').value).toBe('张青');
    type('姓名', '张小青');
    await press('下一步');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information1));
    await press('下一步');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information2));
    await press('预览');
    expect(await screen.findByText('张小青')).toBeTruthy();
    await press('提交修改');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personResult));
    expect(sent?.body).toMatchObject({ ...personData, name: '张小青', id: 'person-1', version: 3 });
    expect(api.callsTo('/v1/saveDraft')).toHaveLength(0);
    // a correction keeps no draft: only the new entry's, asked for as the route opened, and left unused
    expect(api.callsTo('/v1/getDraft').map((c) => c.url.searchParams.get('id'))).toEqual([null]);
  });

  test('under review: the steps say it cannot be changed and point to the progress', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: view('person', 'submitted', personData) }),
    });
    const app = await renderApp(routes.cxb2024.information1);
    expect(await screen.findByText('当前状态不可修改')).toBeTruthy();
    await press('查看申报进度');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personResult));
  });
});

describe('personResult', () => {
  test('returned: state, reviewer reason, timeline, 修改申报 opens step 1', async () => {
    signIn();
    stubApi({
      '/v1/getPersonInfo': ok({ person: view('person', 'returned', personData) }),
      '/v1/getCurrentStatus': ok(currentStatus('open')),
    });
    const app = await renderApp(routes.cxb2024.personResult);
    expect((await screen.findByTestId('application-status')).textContent).toBe('退回修改');
    expect(screen.getAllByText('照片不清晰，请重新上传').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: '办理进度' })).toBeTruthy();
    // the ID number is shown masked
    expect(screen.getByText(`${validIdNumber.slice(0, 4)}**********${validIdNumber.slice(-4)}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤回申报' })).toBeNull();
    await press('修改申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information));
  });

  test('submitted: 撤回申报 asks for a reason and sends withdrawApplication; the page follows', async () => {
    signIn();
    let status: 'submitted' | 'withdrawn' = 'submitted';
    const api = stubApi({
      '/v1/getPersonInfo': () => ok({ person: view('person', status, personData) }),
      '/v1/withdrawApplication': () => {
        status = 'withdrawn';
        return ok({ id: 'person-1', status: 'withdrawn', version: 4 });
      },
    });
    await renderApp(routes.cxb2024.personResult);
    expect((await screen.findByTestId('application-status')).textContent).toBe('已提交');
    await press('撤回申报');
    fireEvent.change(await screen.findByLabelText('撤回原因'), { target: { value: '信息填写有误' } });
    await press('确认撤回');
    await waitFor(() => expect(screen.getByTestId('application-status').textContent).toBe('已撤回'));
    expect(api.callsTo('/v1/withdrawApplication')[0]?.body).toMatchObject({ id: 'person-1', reason: '信息填写有误' });
  });

  test('nothing entered: 去申报; a failed fetch is only logged', async () => {
    signIn();
    stubApi({ '/v1/getPersonInfo': ok({ person: null }) });
    const app = await renderApp(routes.cxb2024.personResult);
    expect(await screen.findByText('您还没有提交个人申报')).toBeTruthy();
    await press('去申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.personApply));
  });

  test('a failed getPersonInfo is logged with console.warn; the server\'s message is not shown, a styled 加载失败 with 重试 is', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({ '/v1/getPersonInfo': fail('数据库繁忙', 5000) });
    await renderApp(routes.cxb2024.personResult);
    const state = await screen.findByTestId('load-error', {}, { timeout: 8000 });
    expect(state.textContent).toContain('加载失败');
    expect(state.textContent).toContain('请求失败，请稍后重试');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('getPersonInfo failed:', '数据库繁忙');
    expect(screen.queryByText('数据库繁忙')).toBeNull();
    expect(useApplyStore.getState().personInfo).toBe('111');
    warn.mockRestore();
  });
});

describe('personResult: editing only while the entry can still be sent', () => {
  const cases = [
    ['draft', 'open', true],
    ['draft', 'reviewing', false],
    ['returned', 'reviewing', true],
    ['returned', 'results', false],
  ] as const;
  for (const [status, phase, editable] of cases) {
    test(`${status} in ${phase}: ${editable ? 'its edit button' : 'the reason instead of an edit button'}`, async () => {
      signIn();
      stubApi({
        '/v1/getCurrentStatus': ok(currentStatus(phase)),
        '/v1/getPersonInfo': ok({ person: view('person', status, personData) }),
      });
      await renderApp(routes.cxb2024.personResult);
      const label = status === 'draft' ? /继续填写/ : /修改/;
      if (editable) {
        expect(await screen.findByRole('button', { name: label })).toBeTruthy();
      } else {
        expect(await screen.findByText(phase === 'reviewing' ? '申报已截止，当前处于评审阶段' : '申报已截止，评选结果已公布')).toBeTruthy();
        expect(screen.queryByRole('button', { name: label })).toBeNull();
      }
    });
  }
});
