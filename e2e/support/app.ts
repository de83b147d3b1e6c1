/**
 * What the browser specs share: addresses built from the contracts' route table, localStorage
 * readers, users created through the API, request holding (so a loading indicator can be seen
 * deterministically) and a navigation log (so "back after 1 s" can be measured in the page's clock).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes, randomInt } from 'node:crypto';
import { apiPaths, appConstants, storageKeys, type AccountRoutePath, type DevSmsOutboxResponse, type RoutePath, type SmsPurpose } from '@qgw/contracts';

/** A screen's route: the spec's table or one of the project's own. */
export type ScreenPath = RoutePath | AccountRoutePath;

/** `/#/pages/...` for page.goto, relative to the configured base URL. */
export const at = (route: ScreenPath, query?: Record<string, string>): string =>
  `/#${route}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

/** Matches the page URL whose hash route is exactly `route` (any query after it). */
export const hashRoute = (route: ScreenPath): RegExp =>
  new RegExp(`#${route.replace(/[/.]/g, '\\$&')}(\\?.*)?$`);

/** The hash route's query, e.g. mobile and token on the bind page. */
export const hashQuery = (page: Page): URLSearchParams => {
  const hash = new URL(page.url()).hash;
  const q = hash.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : hash.slice(q + 1));
};

// unique within a run (a fresh database per run), spread across runs
let mobileCounter = randomInt(0, 10_000);
/** A mobile number nobody in this run has used: 1390000xxxx. */
export const freshMobile = (): string => `1390000${String(mobileCounter++ % 10_000).padStart(4, '0')}`;

/** A password of the allowed length that no common-password list holds. */
export const freshPassword = (): string => `Qg-${randomBytes(9).toString('base64url')}`;

/** What belongs to the signed-in account, removed at logout and when the session dies. */
export const sessionKeys = [
  storageKeys.userInfo,
  storageKeys.token,
  storageKeys.mobile,
  storageKeys.uid,
  storageKeys.openid,
  storageKeys.applyStatus,
  storageKeys.tempStatus,
  storageKeys.applyDetail,
  storageKeys.applyStatusMessage,
] as const;

export const readStorage = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) out[key] = localStorage.getItem(key) ?? '';
    }
    return out;
  });

export interface StoredUserInfo {
  token: string;
  username: string;
  id: string;
  openid: string | null;
  nickname: string;
  [field: string]: unknown;
}

export const readUserInfo = async (page: Page): Promise<StoredUserInfo> => {
  const raw = (await readStorage(page))[storageKeys.userInfo];
  expect(raw, 'user_info is stored').toBeTruthy();
  return JSON.parse(raw ?? '{}') as StoredUserInfo;
};

export interface TestUser {
  mobile: string;
  password: string;
  nickname: string;
}

/**
 * The newest code the server texted to `mobile` for `purpose`, read from its development outbox
 * (GET /v1/dev/smsOutbox: the stack's servers run outside production with no SMS provider).
 * Polled briefly: the outbox is written as the send is answered.
 */
export async function sentSmsCode(request: APIRequestContext, mobile: string, purpose: SmsPurpose): Promise<string | undefined> {
  const res = await request.get(apiPaths.devSmsOutbox, { params: { mobile, ...appConstants.fixedRequestFields } });
  expect(res.status(), 'the development outbox answers').toBe(200);
  const body = (await res.json()) as { success: boolean; message: DevSmsOutboxResponse };
  return body.message.codes.find((c) => c.purpose === purpose)?.code;
}

/** Asks for a code through the API (POST /v1/sendSmsCode) and reads it from the outbox. */
export async function smsCodeViaApi(request: APIRequestContext, mobile: string, purpose: SmsPurpose): Promise<string> {
  const res = await request.post(apiPaths.sendSmsCode, { data: { mobile, purpose, ...appConstants.fixedRequestFields } });
  const body = (await res.json()) as { success: boolean; message: unknown };
  expect(body, `a ${purpose} code: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  const code = await sentSmsCode(request, mobile, purpose);
  expect(code, `a ${purpose} code was sent`).toMatch(/^\d{6}$/);
  return code!;
}

/** Registers through the API, its code read from the outbox (the UI path is covered by its own test). */
export async function registerViaApi(request: APIRequestContext, over: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    mobile: over.mobile ?? freshMobile(),
    password: over.password ?? freshPassword(),
    nickname: over.nickname ?? `测试${randomInt(100, 1000)}`,
  };
  const smsCode = await smsCodeViaApi(request, user.mobile, 'register');
  const res = await request.post(apiPaths.register, {
    data: { ...user, agree: true, smsCode, ...appConstants.fixedRequestFields },
  });
  expect(res.status(), 'registration answered').toBe(200);
  const body = (await res.json()) as { success: boolean; message: unknown };
  expect(body, `registration of a fresh user: ${JSON.stringify(body)}`).toMatchObject({ success: true });
  return user;
}

/** The caller's profile as the API sees it, with a given token. */
export const getUserInfo = (request: APIRequestContext, token: string) =>
  request.get(apiPaths.getUserInfo, { headers: { Authorization: token } });

export async function expectTokenRefused(request: APIRequestContext, token: string): Promise<void> {
  const res = await getUserInfo(request, token);
  expect(res.status(), 'a dead token is refused with HTTP 401').toBe(401);
}

export async function expectTokenAccepted(request: APIRequestContext, token: string): Promise<Record<string, unknown>> {
  const res = await getUserInfo(request, token);
  expect(res.status(), 'a live token is accepted').toBe(200);
  const body = (await res.json()) as { success: boolean; message: Record<string, unknown> };
  expect(body.success).toBe(true);
  return body.message;
}

/**
 * Waits until the app has replaced the prerendered first screen (decision 0011) with the live one:
 * an element read before then can be swapped out between being found and being read.
 */
export const appStarted = (page: Page) => expect(page.locator('[data-qgw-shell]')).toHaveCount(0);

/** A toast (or any exact text) the person sees. */
export const seeText = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

/**
 * Holds the next calls to an API path until released, so that the loading indicator shown while
 * waiting can be asserted without racing the server.
 */
export async function holdApi(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const matcher = (url: URL) => url.pathname === path;
  await page.route(matcher, async (route) => {
    markHeld();
    await released;
    await route.continue().catch(() => undefined);
  });
  return {
    held,
    release: async () => {
      release();
      await page.unroute(matcher);
    },
  };
}

/** Holds the page's requests for files matching `pattern` (a chunk of the app) until `release` is called. */
export async function holdFiles(page: Page, pattern: RegExp): Promise<{ arrived: () => Promise<void>; release: () => Promise<void> }> {
  const held: { continue(): Promise<void> }[] = [];
  await page.route(pattern, (route) => {
    held.push(route);
  });
  return {
    arrived: () => expect.poll(() => held.length).toBeGreaterThan(0),
    release: async () => {
      await page.unroute(pattern);
      await Promise.all(held.map((r) => r.continue().catch(() => undefined)));
    },
  };
}

/**
 * Answers every call to an API path `ms` later than the server does, as on a slow network: what the
 * screen draws before the answer and after it then come in different frames.
 */
export async function slowApi(page: Page, path: string, ms: number): Promise<void> {
  await page.route(
    (url: URL) => url.pathname === path,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue().catch(() => undefined);
    },
  );
}

declare global {
  interface Window {
    __navLog?: { hash: string; t: number }[];
  }
}

/** Records every history change with the page's clock (pushState, replaceState, back/forward). */
export async function recordNavigation(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: { hash: string; t: number }[] = [];
    window.__navLog = log;
    const record = () => log.push({ hash: location.hash, t: performance.now() });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        record();
      };
    }
    addEventListener('popstate', record);
    addEventListener('hashchange', record);
  });
}

/**
 * Milliseconds between the end of the API answer at `apiPath` and the first later navigation to
 * `route`, both measured by the page.
 */
export async function delayFromAnswerToRoute(page: Page, apiPath: string, route: RoutePath): Promise<number> {
  const pattern = hashRoute(route).source;
  return page.evaluate(
    ({ apiPath, pattern }) => {
      const answers = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === apiPath) as PerformanceResourceTiming[];
      const answer = answers.at(-1);
      if (!answer) throw new Error(`no request to ${apiPath} was timed`);
      const re = new RegExp(pattern);
      const nav = (window.__navLog ?? []).find((n) => n.t >= answer.responseEnd && re.test(n.hash));
      if (!nav) throw new Error(`no navigation matching ${pattern} after ${apiPath}`);
      return nav.t - answer.responseEnd;
    },
    { apiPath, pattern },
  );
}

/** Fills the login form and submits it; the caller asserts where it leads. */
export async function submitLogin(page: Page, mobile: string, password: string): Promise<void> {
  await page.getByLabel('手机号', { exact: true }).fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs a user without an openid in through the UI; the app sends such a user to the bind page. */
export async function loginToBindPage(page: Page, user: TestUser, route: RoutePath = '/pages/login/index'): Promise<void> {
  await page.goto(at(route));
  await submitLogin(page, user.mobile, user.password);
  await expect(page).toHaveURL(hashRoute('/pages/login/bind'));
}

/** Clears the browser's storage and starts the app afresh on `route`. */
export async function restartAt(page: Page, route: RoutePath): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(at(route));
  await page.reload();
}

/** A 1×1 PNG, for the avatar upload. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
