/**
 * Longer steps of the application journeys: a tus video upload that loses its connection half way,
 * and a server-side draft picked up on a second device.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { apiPaths, appConstants, routes, storageKeys, type ApplicationKind } from '@qgw/contracts';
import { at, readStorage, sessionKeys } from './app.js';
import { fileInput, type PersonalInfo } from './applications.js';
import { urls } from './stack-env.js';

/**
 * Picks the video and follows its progress bar to 视频已上传. The video is a little over one tus
 * chunk: the second PATCH is held until the bar shows the first chunk done, then its connection is
 * reset; the uploader says it is retrying (its HEAD, asking the server how far it got, is held until
 * that is seen) and then finishes from where the server got to.
 */
export async function uploadVideoThroughDroppedConnection(page: Page, file: string, label = '个人介绍视频'): Promise<void> {
  const seen: string[] = [];
  let openPatch!: () => void;
  const patchGate = new Promise<void>((resolve) => (openPatch = resolve));
  let openHead!: () => void;
  const headGate = new Promise<void>((resolve) => (openHead = resolve));
  let markHeadHeld!: () => void;
  const headHeld = new Promise<void>((resolve) => (markHeadHeld = resolve));
  let patches = 0;
  const matcher = (url: URL) => url.pathname.startsWith(apiPaths.uploadVideo);
  await page.route(matcher, async (route) => {
    const method = route.request().method();
    seen.push(method);
    if (method === 'PATCH' && ++patches === 2) {
      await patchGate;
      return route.abort('connectionreset');
    }
    if (method === 'HEAD' && patches === 2) {
      markHeadHeld();
      await headGate;
    }
    return route.continue().catch(() => undefined);
  });

  await fileInput(page, label).setInputFiles(file);
  const bar = page.getByRole('progressbar', { name: label });
  await expect(bar).toBeVisible();
  // 5 of 6 MB are on the server: at least 83 %
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(83);
  await expect(page.getByRole('status').filter({ hasText: /^已上传 \d+%$/ })).toBeVisible();
  openPatch();
  await headHeld;
  await expect(page.getByText('网络中断，正在重试…')).toBeVisible();
  openHead();
  await expect(page.getByText('视频已上传', { exact: true })).toBeVisible();
  await expect(bar).toBeHidden();
  await page.unroute(matcher);
  // created once, resumed after asking the server (HEAD), never started over
  expect(seen.filter((m) => m === 'POST')).toHaveLength(1);
  expect(seen).toContain('HEAD');
  expect(seen.filter((m) => m === 'PATCH')).toHaveLength(3);
}

/** Waits until the server holds the draft of `kind` with the given values (autosave runs after a pause in typing). */
export async function expectDraftSaved(page: Page, kind: ApplicationKind, values: Record<string, string>): Promise<void> {
  const token = (await readStorage(page))[storageKeys.token] ?? '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(apiPaths.getDraft, {
          headers: { Authorization: token },
          params: { kind, ...appConstants.fixedRequestFields },
        });
        const body = (await res.json()) as { message: { data?: Record<string, unknown> } | null };
        return body.message?.data ?? {};
      },
      { message: `the ${kind} draft is saved on the server`, timeout: 15_000 },
    )
    .toMatchObject(values);
}

/**
 * Opens the rank-user form on a second device (a fresh browser context holding only the session)
 * and checks that the draft saved from the first one is resumed there.
 */
export async function expectResumedOnAnotherDevice(browser: Browser, page: Page, person: PersonalInfo): Promise<void> {
  await expectDraftSaved(page, 'rank_user', {
    name: person.name,
    idNumber: person.identity.idNumber,
    contactMobile: person.contactMobile,
  });
  const stored = await readStorage(page);
  const session = Object.fromEntries(sessionKeys.flatMap((k) => (stored[k] !== undefined ? [[k, stored[k]]] : [])));
  const context = await browser.newContext({
    baseURL: urls.app,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  try {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v);
    }, session);
    const other = await context.newPage();
    await other.goto(at(routes.cxbApplication.index));
    await expect(other.getByText('已恢复上次填写的内容，可继续申报')).toBeVisible();
    await expect(other.getByLabel('姓名', { exact: true })).toHaveValue(person.name);
    await expect(other.getByLabel('身份证号码', { exact: true })).toHaveValue(person.identity.idNumber);
    await expect(other.getByLabel('工作单位', { exact: true })).toHaveValue(person.organization);
    await expect(other.getByLabel('联系电话', { exact: true })).toHaveValue(person.contactMobile);
  } finally {
    await context.close();
  }
}
