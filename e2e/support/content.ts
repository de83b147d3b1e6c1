/**
 * What the committee-content journeys share: the demo committee the server seeds (names, fields
 * each member agreed to publish, documents), the demo admin, the admin's API session (passing the
 * console's second factor when the server asks for it) and a visitor's fresh browser.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { apiPaths, appConstants, Code, mfaPolicy, routes } from '@qgw/contracts';
import { DEMO_TOTP_SECRETS } from '../../apps/api/src/db/seed-console-access.js';
import { at, hashRoute, submitLogin, type TestUser } from './app.js';
import { demoPassword } from './applications.js';
import { urls } from './stack-env.js';

export const demoAdmin: TestUser = { mobile: '13800000003', password: demoPassword, nickname: '演示管理员' };

/** A mainland mobile number anywhere in a text: a public page must never show one. */
export const mobilePattern = /(?<!\d)1[3-9]\d{9}(?!\d)/;

/**
 * Demo members (apps/api/src/db/seed-content-data.ts): the first subdivision's first member publishes
 * unit, 职务 and bio; its fifth publishes none of them.
 */
export const seeded = {
  subdivision: '科技创新分会',
  subdivisionSize: 8,
  directorySize: 40,
  openMember: {
    name: '李明轩',
    region: '北京市',
    organization: '青城科技有限公司',
    title: '研发工程师',
    bio: '李明轩，青城科技有限公司研发工程师，青工委会员，长期参与青年创新与志愿服务活动。',
  },
  privateMember: {
    name: '陈嘉怡',
    region: '江苏省',
    /** kept by the committee, not agreed to be published */
    hidden: ['文博数字文化公司', '策划主管', '陈嘉怡，文博数字文化公司'],
  },
  leaders: [
    ['陈志远', '主任'],
    ['王晓晴', '副主任'],
    ['刘建国', '副主任'],
    ['赵雅琳', '副主任'],
  ],
  document: {
    title: '青工委会员管理办法',
    attachment: '青工委会员管理办法.txt',
    line: '第三条 会员信息仅在会员本人同意的范围内公开',
  },
  newsTitle: '第三期青年工作者能力提升培训班开班',
  allowedHost: 'www.gov.cn',
} as const;

/** The demo admin's current authenticator code (its secret is fixed demo data). */
export function adminTotp(timestamp = Date.now()): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRETS.admin),
    algorithm: mfaPolicy.algorithm,
    digits: mfaPolicy.digits,
    period: mfaPolicy.periodSeconds,
  });
  return totp.generate({ timestamp });
}

/** Milliseconds until the next TOTP step starts (a code is accepted once per step). */
export const msToNextStep = (now = Date.now()): number => mfaPolicy.periodSeconds * 1000 - (now % (mfaPolicy.periodSeconds * 1000));

interface Envelope<T = unknown> {
  success: boolean;
  code?: number;
  message: T;
}

/** Whether an answer is the console's "second factor needed" refusal. */
async function needsSecondFactor(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<boolean> {
  if (res.status() !== 401) return false;
  const body = (await res.json().catch(() => ({}))) as Partial<Envelope>;
  return body.code === Code.CONSOLE_MFA_REQUIRED;
}

/** Verifies an API session's second factor; a code already spent in this step waits for the next one. */
async function verifyConsole(request: APIRequestContext, token: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await request.post(apiPaths.consoleMfaVerify, { headers: { Authorization: token }, data: { code: adminTotp() } });
    // a refused code (e.g. this step's already spent) is a business answer: HTTP 200 with success false
    if (res.status() === 200 && ((await res.json()) as { success?: boolean }).success === true) return;
    await new Promise((resolve) => setTimeout(resolve, msToNextStep() + 500));
  }
  throw new Error('the demo admin could not pass the console second factor');
}

/**
 * The demo admin's API session, console-verified when the server asks for it. Writes go through
 * the same admin endpoints the console uses.
 */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post(apiPaths.login, {
    data: { mobile: demoAdmin.mobile, password: demoAdmin.password, ...appConstants.fixedRequestFields },
  });
  expect(login.status(), 'the demo admin logs in').toBe(200);
  const token = ((await login.json()) as Envelope<{ token: string }>).message.token;
  const headers = { Authorization: token };
  // as the console does: pass the second factor first, so that a console-guarded write is not refused
  await verifyConsole(request, token);
  const probe = await request.get(apiPaths.contentAdminArticles, { headers, params: { category: 'news' } });
  expect(await needsSecondFactor(probe), 'the verified session reaches the admin endpoints').toBe(false);
  expect(probe.status()).toBe(200);
  return {
    token,
    async post<T>(path: string, data: unknown): Promise<T> {
      const res = await request.post(path, { headers, data });
      const body = (await res.json()) as Envelope<T>;
      expect(res.status(), `${path}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.success).toBe(true);
      return body.message;
    },
  };
}

/**
 * Logs the demo admin in through the login screen (no openid: the app opens the bind page with the
 * session stored), then opens the console from the account tab, typing the authenticator code if
 * the console asks for one.
 */
export async function openConsoleAsAdmin(page: Page): Promise<void> {
  await page.goto(at(routes.login.index));
  await submitLogin(page, demoAdmin.mobile, demoAdmin.password);
  await expect(page).toHaveURL(hashRoute(routes.login.bind));
  await page.goto(at(routes.account.index));
  await page.getByRole('link', { name: '管理后台' }).click();
  // the console shell shows at once; its pages wait behind the second factor
  const home = page.getByRole('heading', { name: '内容管理' });
  const codeField = page.getByLabel('验证码', { exact: true });
  await expect(home.or(codeField).first()).toBeVisible();
  if (await codeField.isVisible()) {
    await codeField.fill(adminTotp());
    await page.getByRole('button', { name: '验证', exact: true }).click();
    // a code is accepted once per step: if this step's was spent already, the next step's is typed
    const refused = page.getByRole('alert');
    await expect(home.or(refused).first()).toBeVisible();
    if (!(await home.isVisible())) {
      await page.waitForTimeout(msToNextStep() + 500);
      await codeField.fill(adminTotp());
      await page.getByRole('button', { name: '验证', exact: true }).click();
    }
  }
  await expect(home).toBeVisible();
  await expect(page.getByRole('navigation', { name: '后台导航' })).toBeVisible();
}

/** A visitor's own phone: a fresh browser context with the suite's device settings and no session. */
export async function visitorContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: urls.app,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
}

/** Collects what a page should never do: uncaught errors, dialogs (alert/confirm) and console errors. */
export function watchPage(page: Page) {
  const problems = { errors: [] as string[], dialogs: [] as string[], consoleErrors: [] as string[] };
  page.on('pageerror', (e) => problems.errors.push(e.message));
  page.on('dialog', (d) => {
    problems.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.consoleErrors.push(m.text());
  });
  return problems;
}
