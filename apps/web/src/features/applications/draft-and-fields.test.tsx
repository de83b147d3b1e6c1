import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ZPersonalInfo } from '@qgw/contracts';
import { Providers } from '../../app/providers.js';
import { ok, stubApi } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { clearSession } from '../../lib/storage.js';
import { useSession } from '../../stores/session.js';
import { TextAreaInput, TextInput } from './components/fields.js';
import { PersonalInfoFields, type PersonalInfoValue } from './components/personal-info-fields.js';
import { DraftIndicator } from './components/draft-indicator.js';
import { pickerButton, pickerShows } from './testing/pickers.js';
import { checkForm, withoutBlanks } from './form-check.js';
import { forgetDrafts, useDraftAutosave } from './hooks/use-draft-autosave.js';

beforeEach(() => {
  signIn();
  forgetDrafts();
});
afterEach(() => vi.unstubAllGlobals());

function DraftForm({ delayMs = 50 }: { delayMs?: number }) {
  const draft = useDraftAutosave<PersonalInfoValue>('membership', undefined, { delayMs });
  if (!draft.ready) return <p>loading</p>;
  return (
    <>
      <PersonalInfoFields value={draft.data} onChange={draft.set} />
      <DraftIndicator savedAt={draft.savedAt} saving={draft.saving} failed={draft.failed} />
      <button type="button" onClick={() => draft.set({ email: undefined })}>
        clear email
      </button>
    </>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('useDraftAutosave', () => {
  test('typing saves once after a pause, then each later pause saves to the same draft', async () => {
    let n = 0;
    const api = stubApi({
      '/v1/getDraft': ok(null),
      '/v1/saveDraft': () => ok({ id: 'd-1', version: ++n, savedAt: '2024-05-01T01:02:00.000Z' }),
    });
    render(<DraftForm />, { wrapper: Providers });
    await screen.findByLabelText('姓名');
    expect(Object.fromEntries(api.callsTo('/v1/getDraft')[0]!.url.searchParams)).toMatchObject({ kind: 'membership' });
    for (const v of ['张', '张晓', '张晓青']) type('姓名', v);
    await waitFor(() => expect(api.callsTo('/v1/saveDraft')).toHaveLength(1));
    expect(api.callsTo('/v1/saveDraft')[0]!.body).toMatchObject({ kind: 'membership', data: { name: '张晓青' } });
    expect((api.callsTo('/v1/saveDraft')[0]!.body as { id?: string }).id).toBeUndefined();
    const hhmm = (() => {
      const d = new Date('2024-05-01T01:02:00.000Z');
      return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    })();
    expect(await screen.findByText(`已自动保存 ${hhmm}`)).toBeTruthy();

    type('工作单位', '青工委');
    await waitFor(() => expect(api.callsTo('/v1/saveDraft')).toHaveLength(2));
    expect(api.callsTo('/v1/saveDraft')[1]!.body).toMatchObject({ id: 'd-1', data: { name: '张晓青', organization: '青工委' } });
  });

  test('a session that dies keeps what was typed for its account; another account starts from its own copy', async () => {
    stubApi({ '/v1/getDraft': ok(null), '/v1/saveDraft': () => ok({ id: 'd-9', version: 1, savedAt: '2024-05-01T01:02:00.000Z' }) });
    const first = render(<DraftForm delayMs={60_000} />, { wrapper: Providers });
    await screen.findByLabelText('姓名');
    type('姓名', '张晓青');
    first.unmount();
    // what a 401 does: the session is gone; then the same person signs in again (a new token)
    clearSession();
    act(() => useSession.getState().reload());
    act(() => void signIn({ token: 'tok-after-the-401-zzzzzzzzzz' }));
    const again = render(<DraftForm delayMs={60_000} />, { wrapper: Providers });
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('张晓青');
    again.unmount();
    // someone else on the same phone
    act(() => void signIn({ id: 'user-2', username: '13900001111', token: 'tok-someone-else-yyyyyyyyyy' }));
    render(<DraftForm delayMs={60_000} />, { wrapper: Providers });
    expect(((await screen.findByLabelText('姓名')) as HTMLInputElement).value).toBe('');
  });

  test('a field taken out is sent as null so that the server clears it', async () => {
    const api = stubApi({
      '/v1/getDraft': ok({ id: 'd-2', version: 1, data: { email: 'a@b.cn' }, savedAt: '2024-05-01T01:02:00.000Z' }),
      '/v1/saveDraft': ok({ id: 'd-2', version: 2, savedAt: '2024-05-01T01:03:00.000Z' }),
    });
    render(<DraftForm />, { wrapper: Providers });
    expect(((await screen.findByLabelText('电子邮箱')) as HTMLInputElement).value).toBe('a@b.cn');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'clear email' })));
    await waitFor(() => expect(api.callsTo('/v1/saveDraft')).toHaveLength(1));
    expect(api.callsTo('/v1/saveDraft')[0]!.body).toMatchObject({ id: 'd-2', data: { email: null } });
  });

  test('a failed save says so and is tried again after the next change', async () => {
    let fail = true;
    const api = stubApi({
      '/v1/getDraft': ok(null),
      '/v1/saveDraft': () => (fail ? { status: 503, body: {} } : ok({ id: 'd-3', version: 1, savedAt: '2024-05-01T01:02:00.000Z' })),
    });
    render(<DraftForm />, { wrapper: Providers });
    await screen.findByLabelText('姓名');
    type('姓名', '李青');
    expect(await screen.findByText('自动保存失败，将在修改后重试')).toBeTruthy();
    fail = false;
    type('职务', '干事');
    await waitFor(() => expect(api.callsTo('/v1/saveDraft')).toHaveLength(2));
    expect(api.callsTo('/v1/saveDraft')[1]!.body).toMatchObject({ data: { name: '李青', position: '干事' } });
    expect(await screen.findByText(/^已自动保存/)).toBeTruthy();
  });
});

describe('PersonalInfoFields and checkForm', () => {
  function Fields() {
    const draft = useDraftAutosave<PersonalInfoValue>('person', undefined, { enabled: false });
    return <PersonalInfoFields value={draft.data} onChange={draft.set} />;
  }

  test('every field is labelled; a valid ID number fills in birth date and gender', async () => {
    stubApi({});
    render(<Fields />, { wrapper: Providers });
    for (const label of ['姓名', '身份证号码', '政治面貌', '学历', '工作单位', '职务', '联系电话', '电子邮箱']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('radiogroup', { name: '性别' })).toBeTruthy();
    expect(pickerShows('出生日期')).toBe('请选择出生日期');
    expect(pickerShows('所在地区')).toBe('请选择省、市、区');
    type('身份证号码', '110105199003070017');
    expect(pickerShows('出生日期')).toBe('1990年03月07日');
    // the birth date follows the ID number: the picker does not open
    expect(pickerButton('出生日期').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('已按身份证号码填写；如需更改，请先修改身份证号码')).toBeTruthy();
    type('身份证号码', '110105198512310010');
    expect(pickerShows('出生日期')).toBe('1985年12月31日');
    expect((screen.getByLabelText('男') as HTMLInputElement).checked).toBe(true);
    // an ID number with an even 17th digit is a woman's, whatever gender was chosen before
    type('身份证号码', '110105199003070025');
    expect((screen.getByLabelText('女') as HTMLInputElement).checked).toBe(true);
  });

  test('a gender or birth date the ID number contradicts is said on its field at once', async () => {
    stubApi({});
    render(<Fields />, { wrapper: Providers });
    type('身份证号码', '110105199003070025');
    const gender = screen.getByRole('radiogroup', { name: '性别' });
    expect(gender.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(screen.getByLabelText('男'));
    expect(gender.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(gender.getAttribute('aria-describedby')!)?.textContent).toBe('性别与身份证号码不一致');
    fireEvent.click(screen.getByLabelText('女'));
    expect(gender.hasAttribute('aria-invalid')).toBe(false);
  });

  test('a field with a problem says so on the input itself: aria-invalid and aria-describedby to the message', () => {
    const { rerender } = render(
      <>
        <TextInput label="姓名" value="" onChange={() => undefined} error="请填写姓名" />
        <TextAreaInput label="个人简历" value="" onChange={() => undefined} maxLength={100} error="请填写个人简历" />
      </>,
    );
    for (const [label, message] of [['姓名', '请填写姓名'], ['个人简历', '请填写个人简历']] as const) {
      const input = screen.getByLabelText(label);
      expect(['INPUT', 'TEXTAREA']).toContain(input.tagName);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    }
    rerender(
      <>
        <TextInput label="姓名" value="张青" onChange={() => undefined} />
        <TextAreaInput label="个人简历" value="简历" onChange={() => undefined} maxLength={100} />
      </>,
    );
    for (const label of ['姓名', '个人简历']) expect(screen.getByLabelText(label).hasAttribute('aria-invalid')).toBe(false);
  });

  test('the contract schema decides; every field gets its first Chinese problem', () => {
    const check = checkForm(ZPersonalInfo, withoutBlanks({ name: '张', idNumber: '110105199003070016', email: '' }));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.first).toBe('姓名至少2个字');
    expect(check.errors).toMatchObject({ name: '姓名至少2个字', idNumber: '身份证号码不正确', gender: '请选择性别' });
    expect(check.errors.email).toBeUndefined();
    const missing = checkForm(ZPersonalInfo.pick({ name: true }).extend({ photo: ZPersonalInfo.shape.name }), { name: '张三' }, { photo: '请上传照片' });
    expect(missing.ok ? '' : missing.first).toBe('请上传照片');
  });
});
