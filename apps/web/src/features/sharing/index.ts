/** Share cards inside WeChat; import it lazily (app/router.tsx does, and only inside WeChat). */
export { startWechatShare } from './wechat-share.js';
export { shareCardFor, shareLink, type ShareCard } from './share-cards.js';
