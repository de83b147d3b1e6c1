/**
 * `npm run restore -- <file>`: unpacks a backup taken by `npm run backup` into the configured
 * DATA_DIR, which must be empty or missing (ops/restore.ts). Exits 1 with the reason otherwise.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupRefused, formatBytes } from '../ops/backup.js';
import { restoreBackup } from '../ops/restore.js';

const usage = [
  '用法：npm run restore -- <备份文件.tar.gz>',
  '  把 npm run backup 生成的备份恢复到 DATA_DIR（必须是空目录或尚不存在）。恢复前请停止服务。',
].join('\n');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (positionals.length !== 1) {
    console.error(`请给出一个备份文件。\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig(process.env);
  // relative to where the command was typed, as npm moves into the package folder
  const archive = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const { files, bytes } = await restoreBackup(config, archive);
  process.stdout.write(`恢复完成：${config.dataDir}（${files} 个文件，${formatBytes(bytes)}），数据库已通过完整性检查。\n`);
}

main().catch((err: unknown) => {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    // a wrong command line: exit 2 with the usage, as the other operator commands do
    console.error(`${code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? '不认识的选项' : '多余的参数'}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  if (err instanceof BackupRefused || err instanceof ConfigError) console.error(err.message);
  else console.error('恢复失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
