import { routes, type RoutePath } from '@qgw/contracts';
import { sharingStrings as t } from './strings.js';

export interface ShareCard {
  title: string;
  desc: string;
  /** the screen the shared link opens, when not the one shown (the poster invites to the programme home) */
  path?: RoutePath;
}

/** What a route's card says; `programme` is the current season's name and year (e.g. 2024 青年创新榜). */
export function shareCardFor(pathname: string, programme: string | undefined): ShareCard {
  const name = programme ?? t.programmeFallback;
  switch (pathname) {
    case routes.cxb2024.index:
    case routes.home.index:
      return { title: name, desc: t.programmeDesc };
    case routes.cxb.award:
      return { title: `${name} · ${t.awardSuffix}`, desc: t.awardDesc };
    case routes.cxb.index:
      return { title: `${name} · ${t.rankUserSuffix}`, desc: t.rankUserDesc };
    case routes.cxb2024.qrcodePage:
      // the poster is what one sends round: its card invites to apply and opens the programme's home
      return { title: `${name} · ${t.inviteSuffix}`, desc: t.inviteDesc, path: routes.cxb2024.index };
    default:
      // every other page shares as the site: a card that names it rather than a bare address
      return { title: t.siteTitle, desc: t.siteDesc };
  }
}

/**
 * The card's link. WeChat accepts only links on the address it signed (the JS 安全域名), so another
 * screen is reached through this page's own address with that screen's hash route; without a
 * `path`, the screen shown (WeChat keeps the hash of a link it is given).
 */
export function shareLink(href: string, card: ShareCard): string {
  if (!card.path) return href;
  const { origin, pathname } = new URL(href);
  return `${origin}${pathname}#${card.path}`;
}
