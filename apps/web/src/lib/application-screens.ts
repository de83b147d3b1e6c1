import { Code, lookupCodeOfStatus, routes, type ApplicationKind, type ApplicationStatus } from '@qgw/contracts';
import type { RouteParams, ScreenPath } from './navigation.js';

/**
 * The screen that shows one application of the person's, by kind: where 我的申报 and a notice about
 * it lead. A 创新榜 entry opens its status page (the look-up code of its state: 退回修改 shows the
 * reason and 修改申报); the others open their result pages.
 */
export function applicationScreenOf(a: { kind: ApplicationKind; id: string; status: ApplicationStatus | null }): [ScreenPath, RouteParams?] {
  switch (a.kind) {
    case 'rank_user': {
      const code = a.status ? lookupCodeOfStatus(a.status) : Code.UNDER_REVIEW;
      return code === Code.OK || code === Code.NO_APPLICATION ? [routes.cxbCheck.index] : [routes.cxbCheck.checkStatus, { status: code }];
    }
    case 'membership':
      return [routes.member.detail];
    case 'person':
      return [routes.cxb2024.personResult];
    case 'company':
      return [routes.cxb2024.companyResult];
    case 'work':
      return [routes.cxb2024.workResult, { id: a.id }];
  }
}
