/**
 * `npm run admin`: the real command as a child process on the database of an app that keeps
 * running meanwhile (as the server would). A grant makes an existing account an admin who enrols
 * an authenticator on the first console visit; a revoke takes the role at the next request; the
 * last active admin keeps it; every change is in the console's audit log with actor `cli`; mobiles
 * are printed masked only; wrong command lines and unknown accounts are refused with a non-zero exit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths, Code, type ConsoleAuditResponse, type ConsoleMeResponse, type ConsoleUsersResponse, maskMobile,
} from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import { envFor, runAdmin } from './support/cli.js';
import { enrollAndActivate, grantRoles } from './support/console.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let env: Record<string, string>;
/** registered through the app; made an admin by the command */
let first: TestUser;
let second: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  env = await envFor(t.db, t.dataDir);
  first = await newUser(t.app);
  second = await newUser(t.app);
  reviewer = await newUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const admin = (...args: string[]) => runAdmin(args, env);
const rolesOf = async (userId: string) =>
  (await t.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).map((r) => r.role).sort();
const auditCount = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('refusals', () => {
  it('a wrong command line: usage text, exit 2, nothing written', async () => {
    const before = await auditCount();
    const cases: { args: string[]; says: string }[] = [
      { args: [], says: '缺少子命令' },
      { args: ['promote', '--mobile', first.mobile], says: '未知的子命令' },
      { args: ['grant'], says: '缺少 --mobile' },
      { args: ['grant', '--mobile', '1234'], says: '手机号格式不正确' },
      { args: ['grant', '--phone', first.mobile], says: '不认识的选项 --phone' },
      { args: ['list', '--mobile', first.mobile], says: 'list 不接受 --mobile' },
      { args: [first.mobile], says: '未知的子命令' },
    ];
    const results = await Promise.all(cases.map((c) => admin(...c.args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i]!.args.join(' ')).toBe(2);
      expect(r.stderr).toContain(cases[i]!.says);
      expect(r.stderr).toContain('用法');
      expect(r.output).not.toContain(first.mobile);
    });
    expect(await rolesOf(first.id)).toEqual(['applicant']);
    expect(await auditCount()).toBe(before);
  }, 120_000);

  it('an unknown mobile: refused, exit 1, nothing written', async () => {
    const before = await auditCount();
    const r = await admin('grant', '--mobile', '13900000000');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('没有使用该手机号注册的账号');
    expect(await auditCount()).toBe(before);
  }, 120_000);

  it('help prints the usage and succeeds', async () => {
    const r = await admin('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('npm run admin -- grant --mobile');
  }, 120_000);
});

describe('grant, list, revoke on a running app', () => {
  it('lists nobody before the first admin', async () => {
    const r = await admin('list');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('还没有后台用户');
  }, 120_000);

  it('grant: the session the account already had is asked to enrol, then reaches the admin screens', async () => {
    const r = await admin('grant', '--mobile', first.mobile);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`已授予管理员角色：${maskMobile(first.mobile)}`);
    expect(r.stdout).toContain('首次进入后台时需绑定身份验证器');
    expect(r.output).not.toContain(first.mobile);
    expect(await rolesOf(first.id)).toEqual(['admin', 'applicant']);

    // the running app sees the role at once, on a session from before the grant
    const me = data(await get<ConsoleMeResponse>(t.app, apiPaths.consoleMe, {}, { token: first.token }));
    expect(me).toMatchObject({ roles: ['admin', 'applicant'], mfaEnrolled: false, mfaVerified: false });
    const early = await get(t.app, apiPaths.consoleUsers, {}, { token: first.token });
    expect(early.status).toBe(401);
    expect(early.body.code).toBe(Code.CONSOLE_MFA_REQUIRED);

    await enrollAndActivate(t.app, t.clock, first.token);
    const users = data(await get<ConsoleUsersResponse>(t.app, apiPaths.consoleUsers, { role: 'admin' }, { token: first.token }));
    expect(users.items.map((u) => u.id)).toEqual([first.id]);
  }, 120_000);

  it('the grant is in the console audit log with actor cli; granting again changes and records nothing', async () => {
    const before = await auditCount();
    const again = await admin('grant', '--mobile', first.mobile);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('已是管理员');
    expect(await auditCount()).toBe(before);

    const log = data(await get<ConsoleAuditResponse>(t.app, apiPaths.consoleAudit, { actorId: 'cli' }, { token: first.token }));
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({
      actorId: 'cli',
      action: 'user.roles',
      entity: 'user',
      entityId: first.id,
      before: { roles: ['applicant'] },
      after: { roles: ['admin', 'applicant'] },
    });
    expect(JSON.stringify(log.items[0])).not.toContain(first.mobile);
  }, 120_000);

  it('list: console users with masked mobiles, roles, authenticator and status', async () => {
    await grantRoles(t.db, reviewer.id, ['reviewer']);
    data(await post(t.app, apiPaths.consoleUserDisable, { userId: reviewer.id, disabled: true }, { token: first.token }));
    const r = await admin('list');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('共 2 人');
    const line = (u: TestUser) => r.stdout.split('\n').find((l) => l.startsWith(maskMobile(u.mobile)));
    expect(line(first)).toMatch(/管理员、申请人\s+已绑定\s+正常$/);
    expect(line(reviewer)).toMatch(/申请人、评审\s+未绑定\s+已停用$/);
    expect(line(second)).toBeUndefined();
    for (const u of [first, second, reviewer]) expect(r.output).not.toContain(u.mobile);
  }, 120_000);

  it('revoke of the last active admin is refused, whoever else once held the role', async () => {
    const before = await auditCount();
    const r = await admin('revoke', '--mobile', first.mobile);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('最后一个可用的管理员');
    expect(await rolesOf(first.id)).toEqual(['admin', 'applicant']);

    // a disabled admin does not count as the one left
    await grantRoles(t.db, reviewer.id, ['admin']);
    const still = await admin('revoke', '--mobile', first.mobile);
    expect(still.code).toBe(1);
    expect(still.stderr).toContain('最后一个可用的管理员');
    expect(await rolesOf(first.id)).toEqual(['admin', 'applicant']);
    expect(await auditCount()).toBe(before);
  }, 120_000);

  it('revoke: the next request of the revoked admin is refused; audited with actor cli', async () => {
    expect((await admin('grant', '--mobile', second.mobile)).code).toBe(0);
    const r = await admin('revoke', '--mobile', first.mobile);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`已移除管理员角色：${maskMobile(first.mobile)}`);
    expect(r.output).not.toContain(first.mobile);
    expect(await rolesOf(first.id)).toEqual(['applicant']);

    // no restart: the console-verified session of a moment ago is turned away
    const denied = await get(t.app, apiPaths.consoleUsers, {}, { token: first.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(Code.FORBIDDEN);

    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_id', '=', 'cli')
      .where('entity_id', '=', first.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('user.roles');
    expect(JSON.parse(entry.before_json!)).toEqual({ roles: ['admin', 'applicant'] });
    expect(JSON.parse(entry.after_json!)).toEqual({ roles: ['applicant'] });

    const notAdmin = await admin('revoke', '--mobile', first.mobile);
    expect(notAdmin.code).toBe(0);
    expect(notAdmin.stdout).toContain('不是管理员');

    // the second is now the last active admin
    const last = await admin('revoke', '--mobile', second.mobile);
    expect(last.code).toBe(1);
    expect(await rolesOf(second.id)).toEqual(['admin', 'applicant']);
  }, 120_000);

  it('two admins revoked at once: one revoke goes through, the other finds the last admin and is refused', async () => {
    expect((await admin('grant', '--mobile', first.mobile)).code).toBe(0);
    const results = await Promise.all([admin('revoke', '--mobile', first.mobile), admin('revoke', '--mobile', second.mobile)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
    const left = await Promise.all([rolesOf(first.id), rolesOf(second.id)]);
    expect(left.filter((roles) => roles.includes('admin'))).toHaveLength(1);
  }, 120_000);
});
