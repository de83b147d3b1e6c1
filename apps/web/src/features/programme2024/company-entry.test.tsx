import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { ok, stubApi, type RecordedCall } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { forgetDrafts } from '../applications/index.js';
import { currentStatus, fileId, validUscc, view } from './testing/fixtures.js';
import { field, findField, press, type } from './testing/form.js';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
});

const company = {
  companyName: '青创科技有限公司',
  uscc: validUscc,
  legalRepresentative: '李明',
  contactName: '王芳',
  contactMobile: '13912345678',
  address: '北京市海淀区中关村大街1号',
  industry: '信息技术',
  description: '公司设立青年创新实验室，每年为青年员工提供培训与创业支持。',
  license: fileId(5),
};

describe('companyApply → companyResult', () => {
  test('the credit code is checked (check character) before anything is sent; a full form sends applyCompany and opens the result', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    let stored: ReturnType<typeof view> | null = null;
    const api = stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getCompanyInfo': () => ok({ company: stored }),
      // the licence image was uploaded before the page was left; the draft brings it back
      '/v1/getDraft': ok({ id: 'c-draft', version: 1, data: { license: fileId(5) }, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/saveDraft': ok({ id: 'c-draft', version: 2, savedAt: '2024-05-02T02:05:00.000Z' }),
      '/v1/applyCompany': (call) => {
        sent = call;
        stored = view('company', 'submitted', company, { id: 'c-draft' });
        return ok({ id: 'c-draft', status: 'submitted', version: 3 });
      },
    });
    const app = await renderApp(routes.cxb2024.companyApply);
    await findField('企业名称');
    type('企业名称', company.companyName);
    const wrong = validUscc.slice(0, 17) + (validUscc.endsWith('0') ? '1' : '0');
    type('统一社会信用代码', wrong.toLowerCase());
    expect(field('统一社会信用代码').value).toBe(wrong);
    expect(screen.getByText('统一社会信用代码不正确')).toBeTruthy();
    type('统一社会信用代码', validUscc);
    expect(screen.getByText('统一社会信用代码校验通过')).toBeTruthy();
    type('法定代表人', company.legalRepresentative);
    type('所属行业', company.industry);
    type('企业地址', company.address);
    type('联系人', company.contactName);
    type('联系电话', company.contactMobile);
    await press('预览');
    // the description is still missing: its message, no preview, nothing sent
    expect((await screen.findAllByText('请填写企业简介')).length).toBeGreaterThan(0);
    expect(api.callsTo('/v1/applyCompany')).toHaveLength(0);
    type('企业简介', company.description);
    await press('预览');
    await waitFor(() => expect(app.search()).toContain('preview=1'));
    expect(await screen.findByText(company.description)).toBeTruthy();
    expect(screen.getByText(company.contactMobile)).toBeTruthy();
    await press('提交申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.companyResult));
    expect(sent?.body).toMatchObject({ ...company, draftId: 'c-draft' });
    expect((await screen.findByTestId('application-status')).textContent).toBe('已提交');
    expect(screen.getByText(company.companyName, { selector: '.qgw-p24-result-desc' })).toBeTruthy();
  });

  test('outside the window a new entry cannot be sent, and the page says why', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('closed')),
      '/v1/getCompanyInfo': ok({ company: null }),
      '/v1/getDraft': ok(null),
    });
    await renderApp(routes.cxb2024.companyApply);
    expect(await screen.findByText('本届评选已结束')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: '预览' }) as HTMLButtonElement).disabled).toBe(true));
  });

  test('returned: reason shown, prefilled, sent with updateApplyCompany (id, version)', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('reviewing')),
      '/v1/getCompanyInfo': ok({ company: view('company', 'returned', company) }),
      '/v1/updateApplyCompany': (call) => {
        sent = call;
        return ok({ id: 'company-1', status: 'submitted', version: 4 });
      },
    });
    const app = await renderApp(routes.cxb2024.companyApply);
    expect(await screen.findByText('照片不清晰，请重新上传')).toBeTruthy();
    expect(field('企业名称').value).toBe(company.companyName);
    type('企业地址', '北京市海淀区中关村大街2号');
    await press('预览');
    expect(await screen.findByText('北京市海淀区中关村大街2号')).toBeTruthy();
    await press('提交修改');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.companyResult));
    expect(sent?.body).toMatchObject({ ...company, address: '北京市海淀区中关村大街2号', id: 'company-1', version: 3 });
  });

  test('withdrawn: the result page says 已撤回 with the reason and offers 重新申报, whose form starts from what was sent', async () => {
    signIn();
    let sent: RecordedCall | undefined;
    const withdrawn = view('company', 'withdrawn', company, {
      timeline: [
        { status: 'submitted', at: '2024-05-02T02:00:00.000Z', note: null },
        { status: 'withdrawn', at: '2024-05-03T02:00:00.000Z', note: '营业执照需要更新' },
      ],
    });
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getCompanyInfo': ok({ company: withdrawn }),
      '/v1/getDraft': ok(null),
      '/v1/saveDraft': ok({ id: 'c-new', version: 1, savedAt: '2024-05-04T02:00:00.000Z' }),
      '/v1/applyCompany': (call) => {
        sent = call;
        return ok({ id: 'c-new', status: 'submitted', version: 2 });
      },
    });
    const app = await renderApp(routes.cxb2024.companyResult);
    expect((await screen.findByTestId('application-status')).textContent).toBe('已撤回');
    expect(screen.queryByText('您还没有提交企业申报')).toBeNull();
    expect(screen.getByText('营业执照需要更新')).toBeTruthy();
    await press('重新申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.companyApply));
    await waitFor(() => expect(field('企业名称').value).toBe(company.companyName));
    expect(field('企业简介').value).toBe(company.description);
    await press('预览');
    await screen.findByText(company.description);
    await press('提交申报');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.companyResult));
    expect(sent?.body).toMatchObject({ ...company });
  });
});
