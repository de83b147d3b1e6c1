import { describe, expect, test } from 'vitest';
import { routes } from '@qgw/contracts';
import { shareCardFor, shareLink } from './share-cards.js';

const page = (route: string, search = '') => `https://h5.qgw.example.cn/app/${search}#${route}?from=timeline`;

describe('share cards', () => {
  test('the programme home, its award list and the rank-user page name the season', () => {
    expect(shareCardFor(routes.cxb2024.index, '2024 青年创新榜')).toEqual({ title: '2024 青年创新榜', desc: expect.stringContaining('申报') });
    expect(shareCardFor(routes.cxb.award, '2024 青年创新榜').title).toBe('2024 青年创新榜 · 奖项设置');
    expect(shareCardFor(routes.cxb.index, undefined).title).toBe('青年创新榜 · 创新榜人物申报');
  });

  test('the 分享 poster invites to apply, and its link opens the programme home on the same signed address', () => {
    const card = shareCardFor(routes.cxb2024.qrcodePage, '2024 青年创新榜');
    expect(card.title).toBe('2024 青年创新榜 · 邀请你参加申报');
    expect(card.desc).toContain('申报');
    // WeChat adds its own query to the address it opened; the link keeps the page's origin and path
    expect(shareLink(page(routes.cxb2024.qrcodePage, '?from=singlemessage'), card)).toBe(`https://h5.qgw.example.cn/app/#${routes.cxb2024.index}`);
    expect(shareCardFor(routes.cxb2024.qrcodePage, undefined).title).toBe('青年创新榜 · 邀请你参加申报');
  });

  test('any other screen shares as the site, its link the screen itself', () => {
    const card = shareCardFor(routes.cxbCheck.index, '2024 青年创新榜');
    expect(card.title).toBe('青工委服务平台');
    expect(shareLink(page(routes.cxbCheck.index), card)).toBe(page(routes.cxbCheck.index));
  });
});
