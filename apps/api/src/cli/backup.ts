/**
 * `npm run backup`: writes DATA_DIR/backups/<UTC time>.tar.gz with a snapshot of the SQLite database,
 * the stored uploads and the keys generated into DATA_DIR (ops/backup.ts). Safe while the server
 * runs. Prints the archive's path and size; exits 1 with the reason otherwise.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupRefused, formatBytes, takeBackup } from '../ops/backup.js';

const usage = [
  '用法：npm run backup',
  '  把 SQLite 数据库、上传的文件和 DATA_DIR 中的密钥文件备份到 DATA_DIR/backups/<UTC 时间>.tar.gz。',
  '  服务运行中也可以执行。恢复：npm run restore -- <备份文件>',
].join('\n');

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const { path, bytes } = await takeBackup(loadConfig(process.env), Date.now());
  // stdout, not a log: the operator (or a cron job's mail) reads it
  process.stdout.write(`备份完成：${path}（${formatBytes(bytes)}）\n`);
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
  else console.error('备份失败：', err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
