/** The tests' side of the WeChat front's control endpoint (see wechat-front.ts). */
import { expect, type APIRequestContext } from '@playwright/test';
import type { WechatDoubleMode } from '../../apps/api/test/support/wechat-double.js';
import { controlPaths, type Authorization } from './wechat-front.js';
import { urls } from './stack-env.js';

export async function setWechatMode(request: APIRequestContext, mode: WechatDoubleMode): Promise<void> {
  const res = await request.post(`${urls.wechat}${controlPaths.mode}`, { data: { mode } });
  expect(res.ok()).toBe(true);
}

export async function authorizations(request: APIRequestContext): Promise<Authorization[]> {
  const res = await request.get(`${urls.wechat}${controlPaths.authorizations}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Authorization[];
}

/** The authorisation WeChat granted for `state`, i.e. the one this browser went through. */
export async function authorizationFor(request: APIRequestContext, state: string): Promise<Authorization> {
  const found = (await authorizations(request)).find((a) => a.state === state);
  expect(found, `WeChat was asked to authorise state ${state}`).toBeTruthy();
  return found as Authorization;
}

export async function exchanges(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${urls.wechat}${controlPaths.exchanges}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { exchanges: number }).exchanges;
}

/** The JS-SDK ticket WeChat last handed the server (null before any), to check a page's signature. */
export async function jsapiTicket(request: APIRequestContext): Promise<string | null> {
  const res = await request.get(`${urls.wechat}${controlPaths.jsapiTicket}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { ticket: string | null }).ticket;
}
