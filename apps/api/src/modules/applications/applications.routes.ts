import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type ApplicationKind,
  applicationOperations,
  Code,
  type CodeValue,
  membershipOperations,
  type Operation,
  programmeEntryOperations,
  rankUserOperations,
  type ZGetRankUserResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { ApplicationsService } from './applications.service.js';
import type { DraftsService } from './drafts.service.js';
import type { MyApplicationsService } from './my-applications.service.js';
import type { PrefillService } from './prefill.service.js';
import type { FormData } from './kinds.js';
import type { RankUserLookup } from './rank-user-lookup.js';

export interface ApplicationsRoutesOptions {
  service: ApplicationsService;
  /** the applicant reading back their own applications */
  mine: MyApplicationsService;
  drafts: DraftsService;
  lookup: RankUserLookup;
  prefill: PrefillService;
}

const answer = <T>(code: CodeValue, message: T) => ({ success: true as const, code: code as number, message });

/** A submit or an update: its body is the kind's form, read by the service (kinds.ts). */
type EntryOperation = Operation<z.ZodType, z.ZodType, 'POST'>;

interface EntryRoutes {
  kind: ApplicationKind;
  apply: EntryOperation;
  update: EntryOperation;
}

const { submit, update, getRankUser } = rankUserOperations;
const { memberApply, memberUpdate, getMemberInfo } = membershipOperations;
const { applyPerson, updateApplyPerson, addWork, updateWork, applyCompany, updateApplyCompany } = programmeEntryOperations;
const { getPersonInfo, getCompanyInfo, getWorks, getWork, getApplyStatus } = programmeEntryOperations;
const { saveDraft, getDraft, withdrawApplication, myApplications, getPrefill } = applicationOperations;

/** Submit and update of every kind: the seed's submit/update answer code 9002 so the client opens checkStatus. */
const entries: EntryRoutes[] = [
  { kind: 'rank_user', apply: submit, update },
  { kind: 'membership', apply: memberApply, update: memberUpdate },
  { kind: 'person', apply: applyPerson, update: updateApplyPerson },
  { kind: 'work', apply: addWork, update: updateWork },
  { kind: 'company', apply: applyCompany, update: updateApplyCompany },
];

/** Parses with the contracts' schemas (unknown fields such as status or score are stripped), delegates, wraps. */
export async function applicationsRoutes(app: FastifyInstance, opts: ApplicationsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, mine, drafts, lookup, prefill } = opts;
  const auth = { onRequest: app.requireAuth };

  for (const e of entries) {
    r.route({
      ...operationRoute(e.apply),
      ...auth,
      handler: async (request) =>
        answer(Code.UNDER_REVIEW, await service.submit(authOf(request), e.kind, request.body as FormData & { draftId?: string })),
    });
    r.route({
      ...operationRoute(e.update),
      ...auth,
      handler: async (request) =>
        answer(Code.UNDER_REVIEW, await service.update(authOf(request), e.kind, request.body as FormData & { id: string; version: number })),
    });
  }

  r.route({
    ...operationRoute(getRankUser),
    ...auth,
    handler: async (request) => {
      const a = await lookup.lookup(authOf(request), request.query);
      return answer(a.code, a.message as z.infer<typeof ZGetRankUserResponse>);
    },
  });

  r.route({
    ...operationRoute(getMemberInfo),
    ...auth,
    handler: async (request) => ok({ member: await mine.info(authOf(request), 'membership') }),
  });
  r.route({
    ...operationRoute(getPersonInfo),
    ...auth,
    handler: async (request) => ok({ person: await mine.info(authOf(request), 'person') }),
  });
  r.route({
    ...operationRoute(getCompanyInfo),
    ...auth,
    handler: async (request) => ok({ company: await mine.info(authOf(request), 'company') }),
  });
  r.route({ ...operationRoute(getWorks), ...auth, handler: async (request) => ok(await mine.works(authOf(request))) });
  r.route({ ...operationRoute(getWork), ...auth, handler: async (request) => ok(await mine.work(authOf(request), request.query.id)) });
  r.route({ ...operationRoute(getApplyStatus), ...auth, handler: async (request) => ok(await mine.applyStatus(authOf(request))) });
  r.route({ ...operationRoute(myApplications), ...auth, handler: async (request) => ok(await mine.mine(authOf(request))) });
  r.route({
    ...operationRoute(getPrefill),
    ...auth,
    handler: async (request) => ok(await prefill.prefill(authOf(request), request.query.kind)),
  });

  r.route({ ...operationRoute(saveDraft), ...auth, handler: async (request) => ok(await drafts.save(authOf(request), request.body)) });
  r.route({ ...operationRoute(getDraft), ...auth, handler: async (request) => ok(await drafts.get(authOf(request), request.query)) });
  r.route({
    ...operationRoute(withdrawApplication),
    ...auth,
    handler: async (request) => ok(await service.withdraw(authOf(request), request.body)),
  });
}
