import type { Kysely } from 'kysely';
import { Code, type CodeValue, type GetRankUserRequest, USER_NOT_FOUND_MESSAGE } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { accountsRepository } from '../accounts/accounts.repository.js';
import type { AuthContext } from '../accounts/sessions.js';
import { applicationsRepository as repo } from './applications.repository.js';
import type { ApplicationsService } from './applications.service.js';
import { applicationStrings as s } from './applications.strings.js';
import { toSummary, toView } from './views.js';

export interface LookupAnswer {
  code: CodeValue;
  message: unknown;
}

/**
 * getRankUserInfo (spec §4, PRODUCT §3). type=check answers with the code the client routes by:
 *   none / only a draft      → success 9001 (null, or the draft's summary)
 *   submitted / under review → success 9002 (the summary)
 *   approved                 → success 0 {rankUser, postList}
 *   rejected / returned      → failure 9000, message = the reviewer's reason
 * type=info answers {rankUser} with the latest application or null. Applicants may only look up
 * their own mobile (checked before anything is read, so the answer reveals nothing about other
 * mobiles); reviewers and admins may look up anyone's, and then see the ID number masked.
 */
export class RankUserLookup {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly applications: ApplicationsService,
  ) {}

  async lookup(auth: AuthContext, q: GetRankUserRequest): Promise<LookupAnswer> {
    const privileged = auth.user.roles.some((r) => r === 'reviewer' || r === 'admin');
    let userId = auth.user.id;
    if (q.mobile !== auth.user.mobile) {
      if (!privileged) throw new AppError(Code.FORBIDDEN, s.lookupForbidden);
      const user = await accountsRepository.findByMobile(this.db, q.mobile);
      if (!user) throw new AppError(Code.USER_NOT_FOUND, USER_NOT_FOUND_MESSAGE);
      userId = user.id;
    }
    const row = await repo.latestLive(this.db, userId, 'rank_user');
    const view = () => toView(this.db, this.applications.view, row!, auth.user.id);

    if (q.type === 'info') return { code: Code.OK, message: { rankUser: row ? await view() : null } };

    if (!row) return { code: Code.NO_APPLICATION, message: null };
    switch (row.status) {
      case 'draft':
        return { code: Code.NO_APPLICATION, message: toSummary(row) };
      case 'submitted':
      case 'under_review':
        return { code: Code.UNDER_REVIEW, message: toSummary(row) };
      case 'approved':
        return { code: Code.OK, message: { rankUser: await view(), postList: await this.applications.allOf(userId) } };
      case 'rejected':
      case 'returned':
        throw new AppError(Code.APPLY_REJECTED, row.reason?.trim() || s.rejectedNoReason);
      default:
        // withdrawn rows are never the latest live one
        return { code: Code.NO_APPLICATION, message: null };
    }
  }
}
