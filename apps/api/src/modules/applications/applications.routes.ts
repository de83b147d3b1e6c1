import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type ApplicationKind,
  apiPaths,
  Code,
  type CodeValue,
  ZAddWorkRequest,
  ZApplyCompanyRequest,
  ZApplyPersonRequest,
  ZEnvelopeOf,
  ZGetApplyStatusResponse,
  ZGetCompanyInfoResponse,
  ZGetDraftRequest,
  ZGetDraftResponse,
  ZGetMemberInfoResponse,
  ZGetPersonInfoResponse,
  ZGetRankUserRequest,
  ZGetRankUserResponse,
  ZGetWorkRequest,
  ZGetWorkResponse,
  ZGetWorksResponse,
  ZMemberApplyRequest,
  ZMemberUpdateRequest,
  ZRankUserApplyRequest,
  ZRankUserUpdateRequest,
  ZSaveDraftRequest,
  ZSaveDraftResponse,
  ZSubmitResponse,
  ZUpdateApplyCompanyRequest,
  ZUpdateApplyPersonRequest,
  ZUpdateWorkRequest,
  ZWithdrawRequest,
  ZWithdrawResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import type { ApplicationsService } from './applications.service.js';
import type { DraftsService } from './drafts.service.js';
import type { FormData } from './kinds.js';
import type { RankUserLookup } from './rank-user-lookup.js';

export interface ApplicationsRoutesOptions {
  service: ApplicationsService;
  drafts: DraftsService;
  lookup: RankUserLookup;
}

const secured = [{ token: [] }];
const tags = ['applications'];

const answer = <T>(code: CodeValue, message: T) => ({ success: true as const, code: code as number, message });

interface EntryRoutes {
  kind: ApplicationKind;
  label: string;
  apply: string;
  update: string;
  applyBody: z.ZodType;
  updateBody: z.ZodType;
}

/** Submit and update of every kind: the seed's submit/update answer code 9002 so the client opens checkStatus. */
const entries: EntryRoutes[] = [
  { kind: 'rank_user', label: '创新榜', apply: apiPaths.submit, update: apiPaths.update, applyBody: ZRankUserApplyRequest, updateBody: ZRankUserUpdateRequest },
  { kind: 'membership', label: '入会', apply: apiPaths.memberApply, update: apiPaths.memberUpdate, applyBody: ZMemberApplyRequest, updateBody: ZMemberUpdateRequest },
  { kind: 'person', label: '2024 个人', apply: apiPaths.applyPerson, update: apiPaths.updateApplyPerson, applyBody: ZApplyPersonRequest, updateBody: ZUpdateApplyPersonRequest },
  { kind: 'work', label: '作品', apply: apiPaths.addWork, update: apiPaths.updateWork, applyBody: ZAddWorkRequest, updateBody: ZUpdateWorkRequest },
  { kind: 'company', label: '2024 企业', apply: apiPaths.applyCompany, update: apiPaths.updateApplyCompany, applyBody: ZApplyCompanyRequest, updateBody: ZUpdateApplyCompanyRequest },
];

/** Parses with the contracts' schemas (unknown fields such as status or score are stripped), delegates, wraps. */
export async function applicationsRoutes(app: FastifyInstance, opts: ApplicationsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service, drafts, lookup } = opts;
  const auth = { onRequest: app.requireAuth };

  for (const e of entries) {
    r.post(
      e.apply,
      {
        ...auth,
        schema: {
          tags,
          summary: `提交${e.label}申报（可带 draftId 提交草稿）`,
          security: secured,
          body: e.applyBody,
          response: { 200: ZEnvelopeOf(ZSubmitResponse) },
        },
      },
      async (request) =>
        answer(Code.UNDER_REVIEW, await service.submit(authOf(request), e.kind, request.body as FormData & { draftId?: string })),
    );
    r.post(
      e.update,
      {
        ...auth,
        schema: {
          tags,
          summary: `修改并重新提交${e.label}申报（草稿或退回修改状态，需带 version）`,
          security: secured,
          body: e.updateBody,
          response: { 200: ZEnvelopeOf(ZSubmitResponse) },
        },
      },
      async (request) =>
        answer(Code.UNDER_REVIEW, await service.update(authOf(request), e.kind, request.body as FormData & { id: string; version: number })),
    );
  }

  r.get(
    apiPaths.getRankUser,
    {
      ...auth,
      schema: {
        tags,
        summary: '创新榜申报查询：type=check 返回状态码（0 / 9000 / 9001 / 9002），type=info 返回申报内容',
        security: secured,
        querystring: ZGetRankUserRequest,
        response: { 200: ZEnvelopeOf(ZGetRankUserResponse) },
      },
    },
    async (request) => {
      const a = await lookup.lookup(authOf(request), request.query);
      return answer(a.code, a.message as z.infer<typeof ZGetRankUserResponse>);
    },
  );

  r.get(
    apiPaths.getMemberInfo,
    { ...auth, schema: { tags, summary: '我的入会申请', security: secured, response: { 200: ZEnvelopeOf(ZGetMemberInfoResponse) } } },
    async (request) => ok({ member: await service.info(authOf(request), 'membership') }),
  );
  r.get(
    apiPaths.getPersonInfo,
    { ...auth, schema: { tags, summary: '我的 2024 个人申报', security: secured, response: { 200: ZEnvelopeOf(ZGetPersonInfoResponse) } } },
    async (request) => ok({ person: await service.info(authOf(request), 'person') }),
  );
  r.get(
    apiPaths.getCompanyInfo,
    { ...auth, schema: { tags, summary: '我的 2024 企业申报', security: secured, response: { 200: ZEnvelopeOf(ZGetCompanyInfoResponse) } } },
    async (request) => ok({ company: await service.info(authOf(request), 'company') }),
  );
  r.get(
    apiPaths.getWorks,
    { ...auth, schema: { tags, summary: '我的作品列表', security: secured, response: { 200: ZEnvelopeOf(ZGetWorksResponse) } } },
    async (request) => ok(await service.works(authOf(request))),
  );
  r.get(
    apiPaths.getWork,
    {
      ...auth,
      schema: { tags, summary: '一件作品', security: secured, querystring: ZGetWorkRequest, response: { 200: ZEnvelopeOf(ZGetWorkResponse) } },
    },
    async (request) => ok(await service.work(authOf(request), request.query.id)),
  );
  r.get(
    apiPaths.getApplyStatus,
    {
      ...auth,
      schema: { tags, summary: '我在本届活动中的个人、企业与作品申报状态', security: secured, response: { 200: ZEnvelopeOf(ZGetApplyStatusResponse) } },
    },
    async (request) => ok(await service.applyStatus(authOf(request))),
  );

  r.post(
    apiPaths.saveDraft,
    {
      ...auth,
      schema: { tags, summary: '自动保存草稿（任意部分字段）', security: secured, body: ZSaveDraftRequest, response: { 200: ZEnvelopeOf(ZSaveDraftResponse) } },
    },
    async (request) => ok(await drafts.save(authOf(request), request.body)),
  );
  r.get(
    apiPaths.getDraft,
    {
      ...auth,
      schema: { tags, summary: '读取草稿（换设备继续填写）', security: secured, querystring: ZGetDraftRequest, response: { 200: ZEnvelopeOf(ZGetDraftResponse) } },
    },
    async (request) => ok(await drafts.get(authOf(request), request.query)),
  );
  r.post(
    apiPaths.withdrawApplication,
    {
      ...auth,
      schema: { tags, summary: '撤回申报（需填写原因；已有结果的不能撤回）', security: secured, body: ZWithdrawRequest, response: { 200: ZEnvelopeOf(ZWithdrawResponse) } },
    },
    async (request) => ok(await service.withdraw(authOf(request), request.body)),
  );
}
