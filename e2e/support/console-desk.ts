/**
 * The console at a desk (1440×900, a mouse, no touch): a context of that size that watches every
 * frame for an unstyled console page, the console's own login and second factor, and a console
 * route opened directly by its address and checked for its styles and the server's data.
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { apiPaths, appConstants, mfaPolicy, storageKeys } from '@qgw/contracts';
import { consolePeople, totpFor, type ConsoleRole } from './console.js';
import { urls } from './stack-env.js';
import { expect } from './test.js';

export const desk = { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false } as const;

const stepMs = mfaPolicy.periodSeconds * 1000;
const stepOf = (t = Date.now()): number => Math.floor(t / stepMs);

/**
 * Every frame, from the first: whether a console page was painted without its styles (the layout's
 * top bar without its colour, a page title at the browser's size). Read back after each load.
 */
function watchForUnstyledFrames() {
  const w = window as unknown as { __unstyled: string[] };
  w.__unstyled = [];
  const check = () => {
    const top = document.querySelector('.qgw-cs-top');
    if (top && getComputedStyle(top).backgroundColor === 'rgba(0, 0, 0, 0)') w.__unstyled.push(`top bar at ${location.hash}`);
    const title = document.querySelector('.qgw-cs-page-title');
    if (title && getComputedStyle(title).fontSize !== '22px') w.__unstyled.push(`page title at ${location.hash}`);
    const card = document.querySelector('.qgw-cl-card');
    if (card && getComputedStyle(card).backgroundColor !== 'rgb(255, 255, 255)') w.__unstyled.push(`login card at ${location.hash}`);
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export async function deskContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: urls.app, locale: 'zh-CN', ...desk });
  await context.addInitScript(watchForUnstyledFrames);
  return context;
}

export const unstyledFrames = (page: Page) => page.evaluate(() => (window as unknown as { __unstyled: string[] }).__unstyled);

/** The hash route (path and query) the page is on. */
export const hashOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));

/** The second factor, on whatever console page asked for it; a step's code is used once. */
export async function passSecondFactor(page: Page, role: ConsoleRole) {
  const codeField = page.getByLabel('验证码', { exact: true });
  const send = async (code: string) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.consoleMfaVerify);
    await codeField.fill(code);
    await page.getByRole('button', { name: '验证', exact: true }).click();
    const body = (await (await answer).json().catch(() => ({}))) as { success?: boolean };
    return body.success === true;
  };
  const step = stepOf();
  if (!(await send(totpFor(role)))) {
    await expect.poll(() => stepOf(), { timeout: stepMs + 5_000, intervals: [500] }).toBeGreaterThan(step);
    expect(await send(totpFor(role)), "the next step's code is accepted").toBe(true);
  }
  await expect(codeField).toHaveCount(0);
}

/** Signs in on the console login page the browser is on, and passes the second factor. */
export async function logInAtDesk(page: Page, role: ConsoleRole) {
  const person = consolePeople[role];
  await expect(page.getByRole('heading', { name: '登录管理后台' })).toBeVisible();
  await page.getByLabel('手机号', { exact: true }).fill(person.mobile);
  await page.getByLabel('密码', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: '二次验证' })).toBeVisible();
  await expect(page.getByLabel('验证码', { exact: true })).toBeFocused();
  await passSecondFactor(page, role);
}

export async function consoleToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), storageKeys.token);
  expect(stored, 'a session token is stored').toBeTruthy();
  // a string may be stored as it is or as JSON
  return stored!.startsWith('"') ? (JSON.parse(stored!) as string) : stored!;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string, query: Record<string, string>): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: token }, params: { ...query, ...appConstants.fixedRequestFields } });
  const body = (await res.json()) as { success: boolean; message: T };
  expect(body, path).toMatchObject({ success: true });
  return body.message;
}

/** A console route as the journey opens it directly, and what shows that the server answered. */
export interface Stop {
  path: string | (() => Promise<string>);
  heading: string | RegExp;
  /** text the server's data puts on the page, or where it shows */
  shows?: string | RegExp | ((page: Page) => Locator);
  /** a style of the screen's own stylesheet: [selector, property, value] */
  css?: readonly [string, string, string];
}

export const listCss = ['main .qgw-cs-rows', 'list-style-type', 'none'] as const;
export const formCss = ['main .qgw-cs-input', 'border-top-left-radius', '8px'] as const;

/** The first link in the page's main area to a record under `prefix` (its edit page). */
export async function firstRecord(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`main a[href^="#${prefix}/"]:not([href$="/new"])`).first().getAttribute('href');
  expect(href, `a record under ${prefix}`).toBeTruthy();
  return href!.replace(/^#/, '');
}

/** Opens `path` by its address and reloads it; then it is styled and shows the server's data. */
export async function openDirectly(page: Page, stop: Stop) {
  const path = typeof stop.path === 'string' ? stop.path : await stop.path();
  await page.goto(`/#${path}`);
  await page.reload();
  const heading = page.getByRole('heading', { level: 1, name: stop.heading }).first();
  await expect(heading, path).toBeVisible();
  await expect(page.getByRole('status', { name: '加载中' }), `${path}: loaded`).toHaveCount(0);
  await expect(page.getByText('加载失败'), `${path}: no load failure`).toHaveCount(0);
  if (stop.shows) {
    const shown = typeof stop.shows === 'function' ? stop.shows(page) : page.locator('main').getByText(stop.shows);
    await expect(shown.first(), `${path}: server data`).toBeVisible();
  }
  const styles = await page.evaluate((css) => {
    const read = (selector: string, prop: string) => {
      const el = document.querySelector(selector);
      return el ? getComputedStyle(el).getPropertyValue(prop) : null;
    };
    return {
      top: read('.qgw-cs-top', 'background-color'),
      title: read('.qgw-cs-page-title', 'font-size'),
      // the desk layout: the section navigation beside the page, not above it
      frame: read('.qgw-cs-frame', 'flex-direction'),
      own: css ? read(css[0], css[1]) : null,
    };
  }, stop.css ?? null);
  expect(styles, `${path}: styled`).toEqual({ top: 'rgb(31, 39, 64)', title: '22px', frame: 'row', own: stop.css ? stop.css[2] : null });
  expect(await unstyledFrames(page), `${path}: no unstyled frame`).toEqual([]);
}

/** An admin and a reviewer at desks of their own, each page's uncaught errors kept for the end. */
export interface DeskPair {
  admin: Page;
  reviewer: Page;
  /** fails when a page threw, then closes both contexts */
  close(): Promise<void>;
}

export async function openDeskPair(browser: Browser): Promise<DeskPair> {
  const uncaught: string[] = [];
  const contexts = [await deskContext(browser), await deskContext(browser)] as const;
  const admin = await contexts[0].newPage();
  const reviewer = await contexts[1].newPage();
  for (const [who, p] of [['admin', admin], ['reviewer', reviewer]] as const) p.on('pageerror', (e) => uncaught.push(`${who}: ${e.message}`));
  return {
    admin,
    reviewer,
    async close() {
      expect(uncaught, 'no page threw').toEqual([]);
      await Promise.all(contexts.map((c) => c.close()));
    },
  };
}
