/**
 * The person entry and the ID number's facts: a birth date or gender the server refuses as
 * contradicting the ID number is shown under its field, on the step that asks for it.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Code, idNumberFactsMessages, routes } from '@qgw/contracts';
import { renderApp } from '../../test/render-app.js';
import { fail, ok, stubApi } from '../../test/api-stub.js';
import { signIn } from '../../test/session-fixture.js';
import { forgetDrafts } from '../applications/index.js';
import { currentStatus, personData } from './testing/fixtures.js';
import { findField, press } from './testing/form.js';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDrafts();
});

describe('person entry: birth date and gender against the ID number', () => {
  test('a gender the server refuses as contradicting the ID number: step 1 opens with it under 性别', async () => {
    signIn();
    stubApi({
      '/v1/getCurrentStatus': ok(currentStatus('open')),
      '/v1/getPersonInfo': ok({ person: null }),
      '/v1/getDraft': ok({ id: 'd', version: 1, data: personData, savedAt: '2024-05-02T02:03:00.000Z' }),
      '/v1/applyPerson': fail(idNumberFactsMessages.gender, Code.BAD_REQUEST),
    });
    const app = await renderApp(routes.cxb2024.information2);
    await findField('个人简历');
    await press('预览');
    await screen.findByText(personData.resume);
    await press('提交');
    await waitFor(() => expect(app.path()).toBe(routes.cxb2024.information));
    const gender = await screen.findByRole('radiogroup', { name: '性别' });
    expect(document.getElementById(gender.getAttribute('aria-describedby')!)?.textContent).toBe('性别与身份证号码不一致');
  });
});
