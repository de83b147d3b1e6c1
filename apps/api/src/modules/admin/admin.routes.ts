import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  apiPaths, ZConsoleAuditRequest, ZConsoleAuditResponse, ZConsoleProgrammeRequest, ZConsoleProgrammeResponse,
  ZConsoleProgrammeUpdateRequest, ZConsoleProgrammeUpdateResponse, ZConsoleReviewerProfileRequest,
  ZConsoleReviewerProfileResponse, ZConsoleRubricsRequest, ZConsoleRubricsResponse, ZConsoleRubricsUpdateRequest,
  ZConsoleRubricsUpdateResponse, ZConsoleThemeCreateRequest, ZConsoleThemeCreateResponse, ZConsoleThemeDeleteRequest,
  ZConsoleThemeDeleteResponse, ZConsoleThemesRequest, ZConsoleThemesResponse, ZConsoleThemeUpdateRequest,
  ZConsoleThemeUpdateResponse, ZConsoleUserDisableRequest, ZConsoleUserDisableResponse, ZConsoleUserResetMfaRequest,
  ZConsoleUserInviteRequest, ZConsoleUserInviteResponse, ZConsoleUserResetMfaResponse, ZConsoleUserRolesRequest,
  ZConsoleUserSendResetCodeRequest, ZConsoleUserSendResetCodeResponse, ZConsoleUserRolesResponse, ZConsoleUsersRequest, ZConsoleUserRequest, ZConsoleUserResponse,
  ZConsoleUsersResponse,
} from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { adminRouter } from './admin-route.js';
import { browseAudit } from './audit-browse.repository.js';
import type { PeopleService } from './people.service.js';
import type { ProgrammeAdminService } from './programme-admin.service.js';
import type { RubricsService } from './rubrics.js';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  people: PeopleService;
  programme: ProgrammeAdminService;
  rubrics: RubricsService;
}

/** The console's administration: people, programme, themes, rubrics, audit log. Admins only. */
export async function adminRoutes(app: FastifyInstance, opts: AdminRoutesOptions): Promise<void> {
  const { people, programme, rubrics } = opts;

  const peopleRoutes = adminRouter(app, ['console-people']);
  peopleRoutes.get(apiPaths.consoleUsers, '用户列表（按昵称或手机号搜索，按角色、状态筛选）', ZConsoleUsersRequest, ZConsoleUsersResponse, (q) =>
    people.list(q),
  );
  peopleRoutes.get(apiPaths.consoleUser, '一个用户（按编号）', ZConsoleUserRequest, ZConsoleUserResponse, (q) => people.one(q.userId));
  peopleRoutes.post(apiPaths.consoleUserRoles, '设置用户角色（不能移除自己的管理员角色）', ZConsoleUserRolesRequest, ZConsoleUserRolesResponse, (a, b) =>
    people.setRoles(a, b),
  );
  peopleRoutes.post(apiPaths.consoleUserDisable, '停用或启用账号（停用时立即结束其全部会话）', ZConsoleUserDisableRequest, ZConsoleUserDisableResponse, (a, b) =>
    people.setDisabled(a, b.userId, b.disabled),
  );
  peopleRoutes.post(apiPaths.consoleUserResetMfa, '重置用户的身份验证器（下次进入后台时重新绑定）', ZConsoleUserResetMfaRequest, ZConsoleUserResetMfaResponse, (a, b) =>
    people.resetMfa(a, b.userId),
  );
  peopleRoutes.post(
    apiPaths.consoleUserSendResetCode,
    '向用户手机发送重置密码验证码（管理员看不到验证码；每个手机号的发送限制同样适用）',
    ZConsoleUserSendResetCodeRequest,
    ZConsoleUserSendResetCodeResponse,
    (a, b) => people.sendResetCode(a, b.userId),
  );
  peopleRoutes.post(
    apiPaths.consoleUserInvite,
    '按手机号邀请评审或管理员：创建无密码账号并发送设置密码的验证码（已注册的手机号不能邀请）',
    ZConsoleUserInviteRequest,
    ZConsoleUserInviteResponse,
    (a, b) => people.invite(a, b),
  );
  peopleRoutes.post(apiPaths.consoleReviewerProfile, '设置评审所在单位（用于利益冲突回避）', ZConsoleReviewerProfileRequest, ZConsoleReviewerProfileResponse, (a, b) =>
    people.setReviewerProfile(a, b),
  );

  const programmeRoutes = adminRouter(app, ['console-programme']);
  programmeRoutes.get(apiPaths.consoleProgramme, '当前申报活动：时间、阶段、盲评开关', ZConsoleProgrammeRequest, ZConsoleProgrammeResponse, () =>
    programme.programme(),
  );
  programmeRoutes.post(apiPaths.consoleProgramme, '修改申报活动（只改提供的字段）', ZConsoleProgrammeUpdateRequest, ZConsoleProgrammeUpdateResponse, (a, b) =>
    programme.updateProgramme(a, b),
  );
  programmeRoutes.get(apiPaths.consoleThemes, '作品主题（含停用）', ZConsoleThemesRequest, ZConsoleThemesResponse, () => programme.themes());
  programmeRoutes.post(apiPaths.consoleThemeCreate, '新建主题', ZConsoleThemeCreateRequest, ZConsoleThemeCreateResponse, (a, b) =>
    programme.createTheme(a, b),
  );
  programmeRoutes.post(apiPaths.consoleThemeUpdate, '修改主题（只改提供的字段）', ZConsoleThemeUpdateRequest, ZConsoleThemeUpdateResponse, (a, b) =>
    programme.updateTheme(a, b),
  );
  programmeRoutes.post(apiPaths.consoleThemeDelete, '删除主题（已被申报使用的只能停用）', ZConsoleThemeDeleteRequest, ZConsoleThemeDeleteResponse, (a, b) =>
    programme.deleteTheme(a, b.id),
  );
  programmeRoutes.get(apiPaths.consoleRubrics, '各申报类型的评分细则', ZConsoleRubricsRequest, ZConsoleRubricsResponse, () => rubrics.list());
  programmeRoutes.post(apiPaths.consoleRubrics, '保存一种申报类型的评分细则（权重合计100）', ZConsoleRubricsUpdateRequest, ZConsoleRubricsUpdateResponse, (a, b) =>
    rubrics.replace(a, b),
  );

  const auditRoutes = adminRouter(app, ['console-audit']);
  auditRoutes.get(apiPaths.consoleAudit, '审计日志（按操作人、操作、对象、时间筛选，最新在前）', ZConsoleAuditRequest, ZConsoleAuditResponse, (q) =>
    browseAudit(opts.db, q),
  );
}
