import wx from 'weixin-js-sdk';
import { accountOperations, programmeOperations } from '@qgw/contracts';
import { request, unwrap } from '../../lib/request.js';
import { shareCardFor, shareLink, type ShareCard } from './share-cards.js';
import shareImage from './share-card.png';

/**
 * Share cards inside WeChat (微信 JS-SDK): once the server has signed this page's address, every
 * screen sets what 分享给朋友 and 分享到朋友圈 show — a title, a line and an image — instead of a bare
 * link. Loaded only inside WeChat (see app/router.tsx), so no other browser downloads any of it.
 */

/** What the router offers: its current path and a way to hear of the next. */
export interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

const jsApiList: wx.ApiMethod[] = ['updateAppMessageShareData', 'updateTimelineShareData'];

/**
 * The address WeChat signs: without the `#` part. On iOS WeChat checks the address the page was
 * entered by, so the first one is kept; the hash router never changes it anyway.
 */
const landingUrl = window.location.href.split('#')[0]!;

/** Configures the JS-SDK once; resolves true when WeChat accepted the signature. */
async function configure(): Promise<boolean> {
  const op = accountOperations.wxJsConfig;
  const signed = unwrap(await request(op.method, op.path, { url: landingUrl }, { onUnauthorized: 'throw' }), op.response);
  if (!signed.configured || !signed.signature || !signed.appId || signed.timestamp === null || !signed.nonceStr) return false;
  return new Promise<boolean>((resolve) => {
    wx.config({ debug: false, appId: signed.appId!, timestamp: signed.timestamp!, nonceStr: signed.nonceStr!, signature: signed.signature!, jsApiList });
    wx.ready(() => resolve(true));
    wx.error(() => resolve(false));
  });
}

/** The current season's name, as the programme home shows it; undefined when it cannot be read. */
async function programmeName(): Promise<string | undefined> {
  try {
    const op = programmeOperations.getCurrentStatus;
    const status = unwrap(await request(op.method, op.path, {}, { onUnauthorized: 'throw' }), op.response);
    return status.name.includes(String(status.year)) ? status.name : `${status.year} ${status.name}`;
  } catch {
    return undefined;
  }
}

function setCard(card: ShareCard): void {
  const link = shareLink(window.location.href, card);
  const imgUrl = new URL(shareImage, window.location.href).href;
  const done = () => undefined; // nothing to tell the person: the card is simply in place
  wx.updateAppMessageShareData({ title: card.title, desc: card.desc, link, imgUrl, success: done });
  wx.updateTimelineShareData({ title: card.title, link, imgUrl, success: done });
}

/** Starts following the router: each screen it shows gets its card. Failures leave WeChat's default. */
export async function startWechatShare(router: RouterLike): Promise<void> {
  let ready: boolean;
  try {
    ready = await configure();
  } catch {
    return; // offline or refused: the page still shares, as a plain link
  }
  if (!ready) return;
  const name = await programmeName();
  let shown = '';
  const follow = (pathname: string) => {
    if (pathname === shown) return;
    shown = pathname;
    setCard(shareCardFor(pathname, name));
  };
  follow(router.state.location.pathname);
  router.subscribe((state) => follow(state.location.pathname));
}
