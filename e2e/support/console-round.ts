/**
 * What the committee-round journey (console-round.spec.ts) sets up through the real API before the
 * admin takes over at the desk: person entries submitted by their applicants, reviewer accounts with
 * their authenticator enrolled, a desk sign-in for any console account with its own secret, and
 * reviews written by a reviewer's own verified API session.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { apiPaths, appConstants, mfaPolicy, type PersonForm, type Rubric } from '@qgw/contracts';
import { registerViaApi, type TestUser } from './app.js';
import { consolePeople, totpFor } from './console.js';
import { apiToken, sampleIdentityFields, uploadPhoto } from './rank-user-api.js';

const fixed = appConstants.fixedRequestFields;
const stepMs = mfaPolicy.periodSeconds * 1000;
const stepOf = (t = Date.now()): number => Math.floor(t / stepMs);

async function ok<T>(res: { json(): Promise<unknown> }, what: string): Promise<T> {
  const body = (await res.json()) as { success: boolean; message: T };
  expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  return body.message;
}

const post = <T>(request: APIRequestContext, token: string, path: string, data: object, what: string) =>
  request.post(path, { headers: { Authorization: token }, data: { ...data, ...fixed } }).then((r) => ok<T>(r, what));

const get = <T>(request: APIRequestContext, token: string, path: string, params: Record<string, string>, what: string) =>
  request.get(path, { headers: { Authorization: token }, params: { ...params, ...fixed } }).then((r) => ok<T>(r, what));

/** The current code of a base32 authenticator secret. */
export function totpOf(secret: string, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: mfaPolicy.algorithm,
    digits: mfaPolicy.digits,
    period: mfaPolicy.periodSeconds,
  }).generate({ timestamp });
}

/** Sends `code()` until one is accepted: a step's code works once, so a spent step waits for the next. */
async function untilAccepted(send: (code: string) => Promise<boolean>, code: () => string): Promise<void> {
  const step = stepOf();
  if (await send(code())) return;
  await new Promise((r) => setTimeout(r, (step + 1) * stepMs - Date.now() + 300));
  expect(await send(code()), "the next step's code is accepted").toBe(true);
}

/** A person entry (个人申报) submitted through the API in `name`'s name; answers its id. */
export async function submitPersonViaApi(request: APIRequestContext, user: TestUser, name: string): Promise<string> {
  const token = await apiToken(request, user);
  const form: PersonForm = {
    ...sampleIdentityFields(name),
    photo: await uploadPhoto(request, token),
    resume: '2016年起在青城智造从事产线自动化研发，现任研发工程师。',
    achievements: '主持产线视觉检测系统研发，缺陷漏检率降至千分之一。',
  };
  return (await post<{ id: string }>(request, token, apiPaths.applyPerson, form, 'person entry')).id;
}

/** The demo admin's API session past the second factor. */
export async function adminApiSession(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, consolePeople.admin);
  const send = async (code: string) =>
    ((await (await request.post(apiPaths.consoleMfaVerify, { headers: { Authorization: token }, data: { code, ...fixed } })).json()) as { success: boolean }).success;
  await untilAccepted(send, () => totpFor('admin'));
  return token;
}

export interface RoundReviewer extends TestUser {
  id: string;
  /** the authenticator secret they enrolled */
  secret: string;
  /** their API session, console-verified by the activation */
  token: string;
}

/**
 * A registered user made a reviewer by the admin (the role grant of 用户管理, through its API), who
 * then enrols an authenticator as the console asks a new reviewer to.
 */
export async function makeReviewer(request: APIRequestContext, adminToken: string, nickname: string): Promise<RoundReviewer> {
  const user = await registerViaApi(request, { nickname });
  const found = await get<{ items: Array<{ id: string }> }>(request, adminToken, apiPaths.consoleUsers, { q: user.mobile }, 'find the user');
  expect(found.items).toHaveLength(1);
  const id = found.items[0]!.id;
  await post(request, adminToken, apiPaths.consoleUserRoles, { userId: id, roles: ['applicant', 'reviewer'] }, 'grant the reviewer role');
  const token = await apiToken(request, user);
  const { secret } = await post<{ secret: string }>(request, token, apiPaths.consoleMfaEnroll, {}, 'enrol an authenticator');
  const send = async (code: string) =>
    ((await (await request.post(apiPaths.consoleMfaActivate, { headers: { Authorization: token }, data: { code, ...fixed } })).json()) as { success: boolean }).success;
  await untilAccepted(send, () => totpOf(secret));
  return { ...user, id, secret, token };
}

/** Signs in on the console login page the browser is on with a mobile, a password and an authenticator. */
export async function signInAtDeskWith(page: Page, who: { mobile: string; password: string }, code: () => string): Promise<void> {
  await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(who.mobile);
  await page.getByLabel('密码', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: '二次验证' })).toBeVisible();
  const codeField = page.getByLabel('验证码', { exact: true });
  const send = async (c: string) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.consoleMfaVerify);
    await codeField.fill(c);
    await page.getByRole('button', { name: '验证', exact: true }).click();
    return ((await (await answer).json().catch(() => ({}))) as { success?: boolean }).success === true;
  };
  await untilAccepted(send, code);
  await expect(codeField).toHaveCount(0);
}

/** The kind's rubric as the admin sees it. */
export async function rubricOfKind(request: APIRequestContext, adminToken: string, kind: Rubric['kind']): Promise<Rubric['criteria']> {
  const all = await get<Rubric[]>(request, adminToken, apiPaths.consoleRubrics, {}, 'rubrics');
  return all.find((r) => r.kind === kind)!.criteria;
}

/** The reviewer's own assignments, as their desk reads them. */
export const myAssignments = (request: APIRequestContext, reviewer: RoundReviewer) =>
  get<{ items: Array<{ applicationId: string; title: string; reviewed: boolean }>; done: number; total: number }>(
    request, reviewer.token, apiPaths.consoleMyAssignments, {}, 'my assignments',
  );

/** A review submitted by the reviewer's own session, as the score sheet would send it. */
export async function reviewViaApi(request: APIRequestContext, reviewer: RoundReviewer, applicationId: string, scores: Record<string, number>): Promise<void> {
  await post(request, reviewer.token, apiPaths.consoleReview, { applicationId, scores, recommendation: 'approve' }, 'review');
}
