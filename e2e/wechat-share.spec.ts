/**
 * Sharing inside WeChat: the page asks the server to sign its address, configures WeChat's JS-SDK
 * with that signature, and each screen sets the card 分享给朋友 and 分享到朋友圈 show. The browser here
 * says it is WeChat, and WeChat's bridge is a stand-in that records what the page hands it; the
 * signature is checked against the ticket the (local) WeChat API gave the server. The 分享 poster's
 * card invites to apply and its link opens the programme home, on the same signed address.
 */
import { createHash } from 'node:crypto';
import { type Page } from '@playwright/test';
import { apiPaths, routes } from '@qgw/contracts';
import { expect, test } from './support/test.js';
import { at, hashRoute } from './support/app.js';
import { jsapiTicket } from './support/wechat-control.js';

interface BridgeCall {
  name: string;
  args: Record<string, string>;
}

const wechatUserAgent =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/** WeChat's in-app bridge, as the JS-SDK talks to it: every call answers ok and is recorded. */
function installBridge() {
  const calls: BridgeCall[] = [];
  (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls = calls;
  (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
    invoke(name: string, args: Record<string, string>, done?: (r: { err_msg: string }) => void) {
      calls.push({ name, args: JSON.parse(JSON.stringify(args)) as Record<string, string> });
      done?.({ err_msg: `${name}:ok` });
    },
    on() {},
  };
}

const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);

/** The last card the page set for 分享给朋友, once it is there. */
async function lastCard(page: Page, titlePart: string): Promise<BridgeCall> {
  let card: BridgeCall | undefined;
  await expect
    .poll(async () => {
      card = (await bridgeCalls(page)).filter((c) => c.name === 'updateAppMessageShareData').at(-1);
      return card?.args.title ?? '';
    })
    .toContain(titlePart);
  return card!;
}

test.describe('inside WeChat', () => {
  test.use({ userAgent: wechatUserAgent });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installBridge);
  });

  test('the programme home sets a share card with a signature WeChat can check', async ({ page, request }) => {
    await page.goto(at(routes.cxb2024.index));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('青年创新榜');
    const card = await lastCard(page, '青年创新榜');

    // wx.config reached the bridge with the server's signature over this page's address
    const verify = (await bridgeCalls(page)).find((c) => c.name === 'preVerifyJSAPI');
    expect(verify, 'wx.config was called').toBeTruthy();
    const ticket = await jsapiTicket(request);
    expect(ticket).toBeTruthy();
    const url = page.url().split('#')[0];
    const { verifyNonceStr: nonce, verifyTimestamp: timestamp, verifySignature: signature } = verify!.args;
    const expected = createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonce}&timestamp=${timestamp}&url=${url}`).digest('hex');
    expect(signature).toBe(expected);
    expect(verify!.args.verifyAppId).toBe('wx-test-appid');

    // the card: the season's name, a line, this screen's link and an image that loads
    expect(card.args.desc).toContain('申报');
    expect(card.args.link).toBe(page.url());
    const image = await request.get(card.args.imgUrl!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const timeline = (await bridgeCalls(page)).filter((c) => c.name === 'updateTimelineShareData').at(-1);
    expect(timeline?.args.title).toBe(card.args.title);
  });

  test('moving to the award list changes the card; a reload sets it again', async ({ page }) => {
    await page.goto(at(routes.cxb2024.index));
    await lastCard(page, '青年创新榜');
    await page.evaluate((hash) => (window.location.hash = hash), `#${routes.cxb.award}`);
    await expect(page).toHaveURL(hashRoute(routes.cxb.award));
    await expect(page.getByText('荣誉与激励')).toBeVisible();
    const award = await lastCard(page, '奖项设置');
    expect(award.args.link).toBe(page.url());

    await page.reload();
    await expect(page.getByText('荣誉与激励')).toBeVisible();
    await lastCard(page, '奖项设置');
  });

  test('the 分享 poster sets an invitation whose link opens the programme home on the signed address', async ({ page }) => {
    await page.goto(at(routes.cxb2024.qrcodePage));
    await expect(page.getByRole('img', { name: /二维码/ })).toBeVisible();
    const card = await lastCard(page, '邀请你参加申报');
    expect(card.args.title).toMatch(/青年创新榜 · 邀请你参加申报$/);
    expect(card.args.desc).toContain('申报');

    // the programme home, through the very address WeChat signed (the page's, without its hash)
    const signed = new URL(page.url());
    const link = new URL(card.args.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${signed.origin}${signed.pathname}`);
    expect(link.hash).toBe(`#${routes.cxb2024.index}`);
    // the same address the poster's code holds
    await expect(page.getByTestId('qrcode-link')).toHaveText(card.args.link!);
    const timeline = (await bridgeCalls(page)).filter((c) => c.name === 'updateTimelineShareData').at(-1);
    expect(timeline?.args).toMatchObject({ title: card.args.title, link: card.args.link });

    // and it does open the programme home
    await page.goto(card.args.link!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('青年创新榜');
    await expect
      .poll(async () => (await bridgeCalls(page)).filter((c) => c.name === 'updateAppMessageShareData').at(-1)?.args.title)
      .not.toContain('邀请你参加申报');
  });
});

test('outside WeChat nothing of the JS-SDK is asked for or downloaded', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto(at(routes.cxb2024.index));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('青年创新榜');
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => u.includes(apiPaths.wxJsConfig))).toEqual([]);
  expect(asked.filter((u) => /wechat-share|sharing/.test(u))).toEqual([]);
});
