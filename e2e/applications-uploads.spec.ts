/**
 * The upload controls of the application forms (here the rank-user form's 证件照 and 个人介绍视频):
 * the limits declared in contracts are on screen before a file is picked, a file the limits refuse is
 * never sent, a file whose bytes are not what its name says is refused by the server, and a video
 * upload cut off by a page reload continues where the server got to when the same file is picked.
 */
import { expect, test } from './support/test.js';
import { apiPaths, limits, routes } from '@qgw/contracts';
import { at, registerViaApi, seeText, type TestUser } from './support/app.js';
import { expectRoute, fileInput, mediaFiles, signIn } from './support/applications.js';

// the trace's DOM snapshots fetch the blob: preview of a picture that failed to decode, which the
// page's Content-Security-Policy rightly blocks; screenshots and actions are still recorded
test.use({ trace: { mode: 'retain-on-failure', snapshots: false } });

let user: TestUser;
test.beforeAll(async ({ request }) => {
  user = await registerViaApi(request);
});

test('limits shown before picking; wrong types and oversize files refused unsent; disguised files refused by the server', async ({ page }) => {
  const media = mediaFiles();
  const sent: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === apiPaths.uploadImage || path.startsWith(apiPaths.uploadVideo)) sent.push(`${r.method()} ${path}`);
  });
  await signIn(page, user);
  await page.goto(at(routes.cxbApplication.videoNew));
  await expect(page.getByText('支持 JPG/PNG/WebP，大图自动压缩')).toBeVisible();
  await expect(page.getByText('支持 MP4/MOV/WebM，不超过 300MB')).toBeVisible();

  await fileInput(page, '证件照').setInputFiles(media.svg);
  await seeText(page, '仅支持 JPG/PNG/WebP 格式的图片');
  await fileInput(page, '证件照').setInputFiles(media.largePng);
  await seeText(page, '图片不能超过 40MB');
  await fileInput(page, '个人介绍视频').setInputFiles(media.avi);
  await seeText(page, '仅支持 MP4/MOV/WebM 格式的视频');
  expect(sent, 'nothing is sent for a file the limits refuse').toEqual([]);

  // a page named .png: the type fits, the bytes do not
  const image = page.waitForResponse((r) => new URL(r.url()).pathname === apiPaths.uploadImage);
  await fileInput(page, '证件照').setInputFiles(media.fakePng);
  const imageAnswer = await image;
  const imageBody = (await imageAnswer.json()) as { success: boolean; message: string };
  expect(imageBody.success).toBe(false);
  await seeText(page, imageBody.message);
  await expect(page.getByText('上传失败', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '删除第1张图片' }).click();
  await expect(page.getByText('上传失败', { exact: true })).toBeHidden();

  // a page named .mp4: refused when its first bytes arrive
  const video = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(apiPaths.uploadVideo) && r.status() >= 400);
  await fileInput(page, '个人介绍视频').setInputFiles(media.fakeMp4);
  const videoAnswer = await video;
  const videoBody = (await videoAnswer.json()) as { success: boolean; message: string };
  expect(videoBody.success).toBe(false);
  await seeText(page, videoBody.message);
  // a refusal is final: retrying the same bytes cannot help, so only cancelling (and picking again) is offered
  await expect(page.getByRole('button', { name: '取消上传' })).toBeVisible();
  await expect(page.getByRole('button', { name: '继续上传' })).toHaveCount(0);
  await page.getByRole('button', { name: '取消上传' }).click();
  await expect(page.getByText('视频已上传')).toBeHidden();
  await page.getByRole('button', { name: '下一步', exact: true }).click();
  await seeText(page, '请上传证件照');
  await expectRoute(page, routes.cxbApplication.videoNew);
});

test('a video upload cut off by a page reload continues from the server offset when the same file is picked again', async ({ page }) => {
  const media = mediaFiles();
  const calls: { method: string; offset: string | undefined }[] = [];
  let patches = 0;
  let markSecondPatch!: () => void;
  const secondPatch = new Promise<void>((resolve) => (markSecondPatch = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const matcher = (url: URL) => url.pathname.startsWith(apiPaths.uploadVideo);
  await page.route(matcher, async (route) => {
    const request = route.request();
    calls.push({ method: request.method(), offset: request.headers()['upload-offset'] });
    // the first visit's second chunk never arrives: the page is reloaded while it is on its way
    if (request.method() === 'PATCH' && ++patches === 2) {
      markSecondPatch();
      await released;
      return route.abort('connectionreset').catch(() => undefined);
    }
    return route.continue().catch(() => undefined);
  });

  await signIn(page, user);
  await page.goto(at(routes.cxbApplication.videoNew));
  await fileInput(page, '个人介绍视频').setInputFiles(media.videoMp4);
  await secondPatch;
  await expect.poll(async () => Number(await page.getByRole('progressbar', { name: '个人介绍视频' }).getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(83);

  await page.reload();
  release();
  await expect(page.getByText('检测到未完成的视频上传，重新选择同一视频即可从断点继续')).toBeVisible();
  const before = calls.length;
  await fileInput(page, '个人介绍视频').setInputFiles(media.videoMp4);
  await expect(page.getByText('视频已上传', { exact: true })).toBeVisible();

  const chunk = limits.video.chunkBytes;
  const after = calls.slice(before);
  expect(after.filter((c) => c.method === 'POST'), 'no new upload is created').toEqual([]);
  expect(after.map((c) => c.method)).toContain('HEAD');
  expect(after.filter((c) => c.method === 'PATCH').map((c) => c.offset), 'only the missing part is sent').toEqual([String(chunk)]);
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  await page.unroute(matcher);
});
