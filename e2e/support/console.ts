/**
 * What the review-console journey shares: the console's people (demo reviewer and admin with their
 * fixed authenticator secrets), signing one of them in through the account tab and the second-factor
 * step, a fresh phone per person, and a membership application submitted through its form.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { randomInt } from 'node:crypto';
import { apiPaths, mfaPolicy, routes, type RoutePath } from '@qgw/contracts';
import { DEMO_TOTP_SECRETS } from '../../apps/api/src/db/seed-console-access.js';
import { at, hashRoute, submitLogin, type TestUser } from './app.js';
import {
  demoPassword,
  demoReviewer,
  expectRoute,
  fileInput,
  fillIdentityFields,
  fillWorkInfoFields,
  mediaFiles,
  samplePerson,
  uploadedImage,
  type PersonalInfo,
} from './applications.js';
import { urls } from './stack-env.js';

export type ConsoleRole = keyof typeof DEMO_TOTP_SECRETS;

export const consolePeople: Record<ConsoleRole, TestUser> = {
  reviewer: demoReviewer,
  admin: { mobile: '13800000003', password: demoPassword, nickname: '演示管理员' },
};

const stepMs = mfaPolicy.periodSeconds * 1000;
const stepOf = (t = Date.now()): number => Math.floor(t / stepMs);

/** The role's current authenticator code (the demo secrets are fixed seed data). */
export function totpFor(role: ConsoleRole, timestamp = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRETS[role]),
    algorithm: mfaPolicy.algorithm,
    digits: mfaPolicy.digits,
    period: mfaPolicy.periodSeconds,
  }).generate({ timestamp });
}

/** A phone of its own for each person: the suite's device settings, no session. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: urls.app,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
}

export const consoleNav = (page: Page) => page.getByRole('navigation', { name: '后台导航' });

/**
 * Logs the person in on the login screen, opens the console from the account tab and passes the
 * second factor with the authenticator code. A code is accepted once per step: when this step's was
 * spent already (the account signed in moments ago), the next step's code is typed once it exists.
 */
export async function signInToConsole(page: Page, role: ConsoleRole): Promise<void> {
  const person = consolePeople[role];
  await page.goto(at(routes.login.index));
  await submitLogin(page, person.mobile, person.password);
  // no openid: the app offers binding, with the session already stored
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  await page.goto(at(routes.account.index));
  await page.getByRole('link', { name: '管理后台' }).click();

  const codeField = page.getByLabel('验证码', { exact: true });
  await expect(codeField, 'a fresh session is asked for the second factor').toBeVisible();
  await expect(page.getByText('请输入身份验证器应用显示的6位验证码。')).toBeVisible();
  const send = async (code: string) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.consoleMfaVerify);
    await codeField.fill(code);
    await page.getByRole('button', { name: '验证', exact: true }).click();
    const res = await answer;
    const body = (await res.json().catch(() => ({}))) as { success?: boolean };
    // a refused code is a business failure: HTTP 200 (or 4xx) with success false
    return res.status() === 200 && body.success === true;
  };

  // a code from ten minutes ago is refused, and the person stays on the code step
  expect(await send(totpFor(role, Date.now() - 600_000)), 'a stale code is refused').toBe(false);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(codeField).toBeVisible();
  await expect(consoleNav(page).getByRole('link', { name: '评审队列' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '评审队列' })).toHaveCount(0);

  const step = stepOf();
  if (!(await send(totpFor(role)))) {
    await expect
      .poll(() => stepOf(), { message: 'the next authenticator step', timeout: stepMs + 5_000, intervals: [500] })
      .toBeGreaterThan(step);
    expect(await send(totpFor(role)), "the next step's code is accepted").toBe(true);
  }
  await expect(codeField).toHaveCount(0);
  await expect(consoleNav(page)).toBeVisible();
}

/** A two- or three-character Chinese name nobody else in the database carries. */
export function uniqueName(): string {
  const pool = '安柏晨东芳刚涵浩佳嘉杰静凯岚磊琳敏宁鹏琪睿诗韬婷薇昕旭妍逸宇泽哲志';
  const pick = () => pool[randomInt(0, pool.length)] ?? '安';
  return `欧阳${pick()}${pick()}`;
}

/** Opens `route` one level deeper, with the history index the app's own navigation would give it. */
async function openOneLevelDeeper(page: Page, route: RoutePath): Promise<void> {
  const depth = await page.evaluate(() => ((history.state as { idx?: number } | null)?.idx ?? 0) + 1);
  await page.evaluate((hash) => (location.hash = hash), route);
  await expectRoute(page, route);
  await page.evaluate((idx) => history.replaceState({ ...(history.state as object | null), idx }, ''), depth);
}

/**
 * Submits a membership application through its form (programme page → my membership → the form),
 * the applicant being signed in already; the detail page then says 已提交.
 */
export async function submitMembership(page: Page, name: string, reason: string): Promise<PersonalInfo> {
  const person = samplePerson({ name });
  await page.goto(at(routes.cxb.index));
  await page.reload();
  await expectRoute(page, routes.cxb.index);
  await openOneLevelDeeper(page, routes.member.detail);
  await expect(page.getByText('您还没有提交入会申请')).toBeVisible();
  await page.getByRole('button', { name: '申请入会' }).click();
  await expectRoute(page, routes.member.index);
  await fillIdentityFields(page, person);
  await fillWorkInfoFields(page, person);
  await page.getByLabel('入会理由', { exact: true }).fill(reason);
  await fileInput(page, '个人照片').setInputFiles(mediaFiles().photoPng);
  await expect(uploadedImage(page, 1)).toBeVisible();
  await page.getByRole('button', { name: '提交申请', exact: true }).click();
  await expect(page.getByText('提交成功...', { exact: true }).first()).toBeVisible();
  await expectRoute(page, routes.cxb.index);
  await page.goto(at(routes.member.detail));
  await expect(page.getByTestId('application-status')).toHaveText('已提交');
  return person;
}
