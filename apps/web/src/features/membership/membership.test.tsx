import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Code, idNumberFactsMessages, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { navigateTo } from '../../lib/navigation.js';
import { useMemberStore } from '../../stores/member.js';
import { forgetDrafts } from '../applications/index.js';
import { pickerShows, pickRegion } from '../applications/testing/pickers.js';
import { currentStatus, fileId, personData, view } from '../programme2024/testing/fixtures.js';
import { field, findField, press, type } from '../programme2024/testing/form.js';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
  useMemberStore.setState({ applyStatus: '111' });
});

const { resume: _r, achievements: _a, ...personal } = personData;
const member = { ...personal, subdivision: '科技创新分会', reason: '希望参与青年创新活动，为行业青年交流贡献力量。', photo: fileId(3) };

/** home → member detail → member form: the form is two pages deep, as a person reaches it. */
async function openForm() {
  const app = await renderApp(routes.cxb2024.index);
  await act(async () => navigateTo(routes.member.detail));
  await waitFor(() => expect(app.path()).toBe(routes.member.detail));
  await act(async () => navigateTo(routes.member.index));
  await findField('入会理由');
  return app;
}

async function fillPersonal() {
  type('姓名', member.name);
  type('身份证号码', member.idNumber);
  type('政治面貌', member.politicalStatus);
  type('学历', member.education);
  type('工作单位', member.organization);
  type('职务', member.position);
  await pickRegion('所在地区', ['北京市', '东城区']);
  type('联系电话', member.contactMobile);
}

/** The published subdivisions 意向分会 offers. */
const subdivisions = ok({
  items: [
    { id: 's1', name: '科技创新分会', description: '', memberCount: 3 },
    { id: 's2', name: '文化传媒分会', description: '', memberCount: 1 },
  ],
});

describe('membership apply (pages/member/index)', () => {
  test('memberApply: 提交中, the store follows the answer, 2 levels back', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const api = stubApi({
      '/v1/getMemberInfo': ok({ member: null }),
      '/v1/content/subdivisions': subdivisions,
      // the photo was uploaded before; the server-side draft brings it back
      '/v1/getDraft': ok({ id: 'm-draft', version: 1, data: { photo: member.photo }, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/saveDraft': ok({ id: 'm-draft', version: 2, savedAt: '2024-05-02T02:05:00.000Z' }),
      '/v1/memberApply': async (call) => {
        sent = call;
        await answered;
        return ok({ id: 'm-draft', status: 'submitted', version: 3 });
      },
    });
    const app = await openForm();
    await fillPersonal();
    // birth date and gender came from the ID number
    expect(pickerShows('出生日期')).toBe('1990年03月07日');
    expect(pickerShows('所在地区')).toBe(member.region);
    const choices = [...(field('意向分会（选填）') as unknown as HTMLSelectElement).options].map((o) => o.text);
    expect(choices, 'only the published subdivisions, or none').toEqual(['暂不选择', '科技创新分会', '文化传媒分会']);
    fireEvent.change(field('意向分会（选填）'), { target: { value: member.subdivision } });
    type('入会理由', member.reason);
    await press('提交申请');
    expect(await screen.findByText('提交中')).toBeTruthy();
    expect((screen.getByRole('button', { name: '提交申请' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer());
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.index));
    expect(useMemberStore.getState().applyStatus).toBe('submitted');
    expect(sent?.body).toMatchObject({ ...member, draftId: 'm-draft', platform: 'wap', rent_mode: 2 });
    expect(api.callsTo('/v1/memberApply')).toHaveLength(1);
  });

  test('failure: 资料提交失败, the reason under the form, the page stays, the store unchanged', async () => {
    signIn();
    stubApi({
      '/v1/getMemberInfo': ok({ member: null }),
      '/v1/getDraft': ok({ id: 'm', version: 1, data: member, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/memberApply': fail('您已提交过入会申请', 4092),
    });
    const app = await openForm();
    await press('提交申请');
    expect(await screen.findByText('资料提交失败')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('您已提交过入会申请');
    expect(app.path()).toBe(routes.member.index);
    expect(useMemberStore.getState().applyStatus).toBe('111');
  });

  test('a gender the server refuses as contradicting the ID number is shown under 性别', async () => {
    signIn();
    stubApi({
      '/v1/getMemberInfo': ok({ member: null }),
      '/v1/getDraft': ok({ id: 'm', version: 1, data: member, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/memberApply': fail(idNumberFactsMessages.gender, Code.BAD_REQUEST),
    });
    await openForm();
    const gender = screen.getByRole('radiogroup', { name: '性别' });
    expect(gender.hasAttribute('aria-invalid')).toBe(false);
    await press('提交申请');
    await waitFor(() => expect(gender.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(gender.getAttribute('aria-describedby')!)?.textContent).toBe('性别与身份证号码不一致');
  });

  test('a draft whose birth date the ID number contradicts shows it on the field and is not sent', async () => {
    signIn();
    const api = stubApi({
      '/v1/getMemberInfo': ok({ member: null }),
      '/v1/getDraft': ok({ id: 'm', version: 1, data: { ...member, birthDate: '1990-03-08' }, savedAt: '2024-05-02T02:03:00.000Z' }),
    });
    await openForm();
    expect(await screen.findByText('出生日期与身份证号码不一致')).toBeTruthy();
    await press('提交申请');
    expect(api.callsTo('/v1/memberApply')).toHaveLength(0);
  });

  test('an HTTP failure is a submission failure too', async () => {
    signIn();
    stubApi({
      '/v1/getMemberInfo': ok({ member: null }),
      '/v1/getDraft': ok({ id: 'm', version: 1, data: member, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/memberApply': { status: 502, body: {} },
    });
    await openForm();
    await press('提交申请');
    expect(await screen.findByText('资料提交失败')).toBeTruthy();
  });

  test('an incomplete form is refused before sending, with the schema’s Chinese message', async () => {
    signIn();
    const api = stubApi({ '/v1/getMemberInfo': ok({ member: null }), '/v1/getDraft': ok(null), '/v1/content/subdivisions': subdivisions });
    await openForm();
    await fillPersonal();
    type('入会理由', '想加入');
    await press('提交申请');
    expect((await screen.findAllByText('入会理由至少10个字')).length).toBeGreaterThan(0);
    type('入会理由', member.reason);
    await press('提交申请');
    expect((await screen.findAllByText('请上传个人照片')).length).toBeGreaterThan(0);
    expect(api.callsTo('/v1/memberApply')).toHaveLength(0);
  });

  test('a failed getMemberInfo is logged with console.warn, its message not shown; the form waits behind 加载失败 and 重试, which opens it', async () => {
    signIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    stubApi({ '/v1/getMemberInfo': () => (++calls <= 2 ? fail('查询失败', 5000) : ok({ member: null })), '/v1/getDraft': ok(null) });
    await renderApp(routes.member.index);
    const state = await screen.findByTestId('load-error', {}, { timeout: 8000 });
    expect(state.textContent).toContain('加载失败');
    expect(warn).toHaveBeenCalledWith('getMemberInfo failed:', '查询失败');
    expect(screen.queryByText('查询失败')).toBeNull();
    // a blank form over an entry that may exist would lead to a refusal on submit: it opens once known
    expect(screen.queryByLabelText(/^入会理由/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    await findField('入会理由');
    warn.mockRestore();
  });
});

describe('membership detail and update (pages/member/detail)', () => {
  test('returned: state, reason, 修改资料 → the form prefilled → memberUpdate (id, version) → 1 level back', async () => {
    signIn();
    let status: 'returned' | 'submitted' = 'returned';
    let sent: RecordedCall | undefined;
    const api = stubApi({
      '/v1/getMemberInfo': () => ok({ member: view('membership', status, member) }),
      '/v1/memberUpdate': (call) => {
        sent = call;
        status = 'submitted';
        return ok({ id: 'membership-1', status: 'submitted', version: 4 });
      },
    });
    const app = await renderApp(routes.cxb2024.index);
    await act(async () => navigateTo(routes.member.detail));
    expect((await screen.findByTestId('application-status')).textContent).toBe('退回修改');
    expect(screen.getAllByText('照片不清晰，请重新上传').length).toBeGreaterThan(0);
    await waitFor(() => expect(useMemberStore.getState().applyStatus).toBe('returned'));
    await press('修改资料');
    await waitFor(() => expect(app.path()).toBe(routes.member.index));
    expect((await findField('入会理由')).value).toBe(member.reason);
    type('入会理由', '希望参与青年创新活动，也愿意组织本单位青年参加交流。');
    await press('保存修改');
    await waitFor(() => expect(app.path()).toBe(routes.member.detail));
    expect(sent?.body).toMatchObject({ ...member, reason: '希望参与青年创新活动，也愿意组织本单位青年参加交流。', id: 'membership-1', version: 3 });
    expect(useMemberStore.getState().applyStatus).toBe('submitted');
    expect(await screen.findByText('已提交', { selector: '[data-testid="application-status"]' })).toBeTruthy();
    expect(api.callsTo('/v1/saveDraft')).toHaveLength(0);
  });

  test('membership belongs to no programme: 修改资料 stays offered whatever the 2024 phase', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('results')),
      '/v1/getMemberInfo': ok({ member: view('membership', 'returned', member) }),
    });
    await renderApp(routes.cxb2024.index);
    await act(async () => navigateTo(routes.member.detail));
    expect((await screen.findByTestId('application-status')).textContent).toBe('退回修改');
    expect(screen.getByRole('button', { name: '修改资料' })).toBeTruthy();
    expect(screen.queryByText('申报已截止，评选结果已公布')).toBeNull();
  });

  test('update failure: 资料提交失败, stays on the form', async () => {
    signIn();
    stubApi({
      '/v1/getMemberInfo': ok({ member: view('membership', 'returned', member) }),
      '/v1/memberUpdate': fail('申请已被修改，请刷新后重试', 4090),
    });
    const app = await renderApp(routes.member.index);
    await findField('入会理由');
    await press('保存修改');
    expect(await screen.findByText('资料提交失败')).toBeTruthy();
    expect(app.path()).toBe(routes.member.index);
  });

  test('nothing yet: 申请入会 opens the form', async () => {
    signIn();
    stubApi({ '/v1/getMemberInfo': ok({ member: null }), '/v1/getDraft': ok(null) });
    const app = await renderApp(routes.member.detail);
    expect(await screen.findByText('您还没有提交入会申请')).toBeTruthy();
    await press('申请入会');
    await waitFor(() => expect(app.path()).toBe(routes.member.index));
  });

  test('under review: no 修改资料; the form says it cannot be changed', async () => {
    signIn();
    stubApi({ '/v1/getMemberInfo': ok({ member: view('membership', 'under_review', member) }) });
    await renderApp(routes.member.detail);
    expect((await screen.findByTestId('application-status')).textContent).toBe('审核中');
    expect(screen.queryByRole('button', { name: '修改资料' })).toBeNull();
    expect(screen.getByRole('button', { name: '撤回申请' })).toBeTruthy();
    await act(async () => navigateTo(routes.member.index));
    expect(await screen.findByText('当前状态不可修改')).toBeTruthy();
  });

  test('logged out: asked to log in, nothing fetched', async () => {
    const api = stubApi({});
    await renderApp(routes.member.detail);
    expect(await screen.findByText('请先登录')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
  });
});
