import { type Role, ZMobile } from '@qgw/contracts';
import { systemClock } from '../clock.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { type AdminRoleChange, OperatorRoles } from '../modules/admin/operator-roles.js';
import { EXIT, parseCommandArgs, runCommand, say, usageError } from './command.js';
import { cliConfig, databaseLabel, openConfiguredDatabase, requireCurrentSchema } from './database.js';

/**
 * `npm run admin -- grant|revoke --mobile <手机号>` and `npm run admin -- list`: console admins
 * appointed by whoever runs the installation (the first admin has nobody to appoint them). Works
 * on the server's database while the server runs; the rules are the console's (modules/admin).
 */

const usage = `用法：
  npm run admin -- grant --mobile <手机号>    将已注册的账号设为管理员
  npm run admin -- revoke --mobile <手机号>   移除账号的管理员角色（最后一个可用的管理员不能移除）
  npm run admin -- list                        列出后台用户（评审与管理员）

数据库与服务器相同：设置了 DATABASE_URL 时为 PostgreSQL，否则为 DATA_DIR 下的 SQLite 文件。
新管理员首次进入后台时绑定身份验证器。每次授予或移除都记入审计日志（操作人 cli）。
退出码：0 成功；1 被拒绝或失败；2 命令行有误。`;

const roleLabel: Record<Role, string> = { applicant: '申请人', reviewer: '评审', admin: '管理员' };
const rolesText = (roles: readonly Role[]) => (roles.length > 0 ? roles.map((r) => roleLabel[r]).join('、') : '无');

function mobileOf(value: string | undefined): string {
  if (value === undefined) throw usageError('缺少 --mobile <手机号>');
  const parsed = ZMobile.safeParse(value);
  if (!parsed.success) throw usageError('手机号格式不正确（应为11位手机号）');
  return parsed.data;
}

function report(verb: 'grant' | 'revoke', r: AdminRoleChange): string[] {
  const lines: string[] = [];
  if (verb === 'grant') {
    lines.push(r.changed ? `已授予管理员角色：${r.mobileMasked}` : `${r.mobileMasked} 已是管理员，未作更改`);
    if (!r.mfaEnrolled) lines.push('该账号首次进入后台时需绑定身份验证器。');
  } else {
    lines.push(r.changed ? `已移除管理员角色：${r.mobileMasked}（其会话的下一个请求起即不再有管理员权限）` : `${r.mobileMasked} 不是管理员，未作更改`);
  }
  lines.push(`现有角色：${rolesText(r.roles)}`);
  if (r.disabled) lines.push('注意：该账号已停用，启用前无法登录。');
  return lines;
}

function table(rows: string[][]): string {
  // Chinese characters take two columns in a terminal
  const width = (s: string) => [...s].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => width(r[i]!))));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i]! - width(c)))).join('  ')).join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseCommandArgs(process.argv.slice(2), {
    mobile: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') {
    say(usage);
    return EXIT.ok;
  }
  if (command === undefined) throw usageError('缺少子命令');
  // the word itself is not echoed: a mistyped command line may hold a mobile
  if (!['grant', 'revoke', 'list'].includes(command)) throw usageError('未知的子命令（可用：grant、revoke、list）');
  if (extra.length > 0) throw usageError('多余的参数');
  if (command === 'list' && values.mobile !== undefined) throw usageError('list 不接受 --mobile');
  const mobile = command === 'list' ? undefined : mobileOf(values.mobile);

  const config = cliConfig();
  const database = openConfiguredDatabase(config, { existing: true });
  try {
    await requireCurrentSchema(database.db);
    const roles = new OperatorRoles({ db: database.db, clock: systemClock, audit: new AuditRepository(database.db, systemClock) });
    say(`数据库：${databaseLabel(config)}`);
    if (command === 'list') {
      const users = await roles.consoleUsers();
      if (users.length === 0) {
        say('还没有后台用户：用 npm run admin -- grant --mobile <手机号> 设置第一个管理员。');
        return EXIT.ok;
      }
      say(`后台用户（评审与管理员）共 ${users.length} 人：`);
      const rows = users.map((u) => [u.mobileMasked, rolesText(u.roles), u.mfaEnrolled ? '已绑定' : '未绑定', u.disabled ? '已停用' : '正常']);
      say(table([['手机号', '角色', '身份验证器', '状态'], ...rows]));
      return EXIT.ok;
    }
    const result = command === 'grant' ? await roles.grantAdmin(mobile!) : await roles.revokeAdmin(mobile!);
    say(report(command as 'grant' | 'revoke', result).join('\n'));
    return EXIT.ok;
  } finally {
    await database.destroy();
  }
}

runCommand(usage, main);
