import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes, type PrefillResponse } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { forgetDrafts } from './index.js';
import { currentStatus, view } from '../programme2024/testing/fixtures.js';
import { field, findField, type } from '../programme2024/testing/form.js';

/**
 * A new application's start (useStartingAnswers), through the company entry, which takes the
 * person's name and mobile as its contact: what is filled in, when it is saved, the offer of the
 * last application's answers, and a look-up that fails.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
});

const prefill = (over: Partial<PrefillResponse> = {}): PrefillResponse => ({
  fields: { name: '王芳', contactMobile: '13912345678', idNumber: '110101199003077777', region: '北京市/北京市' },
  previous: null,
  ...over,
});

const lastSent = {
  id: 'c-old',
  status: 'approved' as const,
  submittedAt: '2023-06-01T04:00:00.000Z',
  data: { companyName: '青创科技有限公司', address: '北京市海淀区中关村大街1号', contactName: '王芳' },
};

function stubCompanyApi(answer: Parameters<typeof stubApi>[0][string], draft: unknown = null) {
  return stubApi({
    '/v1/getCurrentStatus': ok(currentStatus('open')),
    '/v1/getCompanyInfo': ok({ company: null }),
    '/v1/getDraft': ok(draft),
    '/v1/saveDraft': ok({ id: 'c-draft', version: 1, savedAt: '2024-05-02T02:05:00.000Z' }),
    '/v1/getPrefill': answer,
  });
}

const tap = async (name: string, scope: HTMLElement = document.body) => {
  await act(async () => fireEvent.click(within(scope).getByRole('button', { name })));
};

describe('a new application starts from the person\'s details (getPrefill)', () => {
  test('the fields the form asks are filled in, editable, with a line saying so; nothing is saved until the person changes something', async () => {
    signIn();
    const api = stubCompanyApi(ok(prefill()));
    await renderApp(routes.cxb2024.companyApply);
    await waitFor(() => expect((field('联系人') as HTMLInputElement).value).toBe('王芳'));
    expect((field('联系电话') as HTMLInputElement).value).toBe('13912345678');
    // fields it does not ask for (the ID number) go nowhere; its own fields stay blank
    expect((field('企业名称') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('已根据您的账号和以往申报填入部分信息，请核对，可修改')).toBeTruthy();
    expect(api.callsTo('/v1/getPrefill')[0]?.url.searchParams.get('kind')).toBe('company');
    expect(api.callsTo('/v1/saveDraft')).toHaveLength(0);

    type('联系人', '王小芳');
    expect((field('联系人') as HTMLInputElement).value).toBe('王小芳');
    await waitFor(() => expect(api.callsTo('/v1/saveDraft').length).toBeGreaterThan(0), { timeout: 4000 });
    expect(api.callsTo('/v1/saveDraft').at(-1)?.body).toMatchObject({ data: { contactName: '王小芳', contactMobile: '13912345678' } });
  });

  test('a draft picked up again is not started again: nothing overwritten, nothing offered', async () => {
    signIn();
    const api = stubCompanyApi(ok(prefill()), {
      id: 'c-draft',
      version: 1,
      data: { contactName: '赵六' },
      savedAt: '2024-05-02T02:03:00.000Z',
    });
    await renderApp(routes.cxb2024.companyApply);
    await waitFor(() => expect((field('联系人') as HTMLInputElement).value).toBe('赵六'));
    expect((field('联系电话') as HTMLInputElement).value).toBe('');
    // asked for once as the route opened (with the entry and the draft), and then left unused
    expect(api.callsTo('/v1/getPrefill')).toHaveLength(1);
    expect(screen.queryByText(/已根据您的账号/)).toBeNull();
  });

  test('沿用上次填写的内容: offered with the date it was sent; 沿用 takes its answers over, and the offer is gone', async () => {
    signIn();
    stubCompanyApi(ok(prefill({ previous: lastSent })));
    await renderApp(routes.cxb2024.companyApply);
    const offer = await screen.findByRole('region', { name: '沿用上次填写的内容？' });
    expect(offer.textContent).toContain('将填入您于 2023-06-01 提交的申报内容（照片等附件需重新上传），可再修改');
    await tap('沿用', offer);
    expect((field('企业名称') as HTMLInputElement).value).toBe('青创科技有限公司');
    expect((field('企业地址') as HTMLInputElement).value).toBe('北京市海淀区中关村大街1号');
    expect(screen.queryByRole('region', { name: '沿用上次填写的内容？' })).toBeNull();
  });

  test('不用了: the offer goes, the form keeps only the details, and it is not offered again in this visit', async () => {
    signIn();
    stubCompanyApi(ok(prefill({ previous: lastSent })));
    const app = await renderApp(routes.cxb2024.companyApply);
    const offer = await screen.findByRole('region', { name: '沿用上次填写的内容？' });
    await tap('不用了', offer);
    expect(screen.queryByRole('region', { name: '沿用上次填写的内容？' })).toBeNull();
    expect((field('企业名称') as HTMLInputElement).value).toBe('');
    expect((field('联系人') as HTMLInputElement).value).toBe('王芳');
    // away and back: answered once is answered
    await act(async () => app.router.navigate(routes.cxb2024.index));
    await act(async () => app.router.navigate(routes.cxb2024.companyApply));
    await findField('企业名称');
    expect(screen.queryByRole('region', { name: '沿用上次填写的内容？' })).toBeNull();
  });

  test('a last application without answers is not offered', async () => {
    signIn();
    stubCompanyApi(ok(prefill({ previous: { ...lastSent, data: {} } })));
    await renderApp(routes.cxb2024.companyApply);
    await waitFor(() => expect((field('联系人') as HTMLInputElement).value).toBe('王芳'));
    expect(screen.queryByRole('region', { name: '沿用上次填写的内容？' })).toBeNull();
  });

  test('the look-up fails (too many requests): what happened and 重试, the form still usable; 重试 fills it in', async () => {
    signIn();
    let calls = 0;
    const api = stubCompanyApi(() => (++calls === 1 ? { status: 429, body: {} } : ok(prefill())));
    await renderApp(routes.cxb2024.companyApply);
    const alert = await screen.findByText('未能填入您的资料，可直接填写或重试');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box.textContent).toContain('操作太频繁，请稍后再试');
    type('企业名称', '青创科技有限公司');
    await tap('重试', box);
    await waitFor(() => expect((field('联系人') as HTMLInputElement).value).toBe('王芳'));
    expect((field('企业名称') as HTMLInputElement).value).toBe('青创科技有限公司');
    expect(screen.queryByText('未能填入您的资料，可直接填写或重试')).toBeNull();
    expect(api.callsTo('/v1/getPrefill')).toHaveLength(2);
  });

  test('a returned entry being corrected is not prefilled: it opens with its own answers', async () => {
    signIn();
    const api = stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('reviewing')),
      '/v1/getCompanyInfo': ok({ company: view('company', 'returned', { companyName: '青创科技', contactName: '李四' }, { id: 'c-1' }) }),
      '/v1/getDraft': ok(null),
      '/v1/getPrefill': fail('不应调用'),
    });
    await renderApp(routes.cxb2024.companyApply);
    await waitFor(() => expect((field('联系人') as HTMLInputElement).value).toBe('李四'));
    expect((field('企业名称') as HTMLInputElement).value).toBe('青创科技');
    // the route's early request aside (refused here), the form never asks for it
    expect(api.callsTo('/v1/getPrefill')).toHaveLength(1);
  });
});
