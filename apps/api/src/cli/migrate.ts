import { assertNotNewer, MigrationError, migrateToLatest, migrations, migrationStatus, NewerDatabaseError } from '../db/migrations/index.js';
import { EXIT, parseCommandArgs, runCommand, say, usageError } from './command.js';
import { cliConfig, databaseLabel, openConfiguredDatabase, sqliteFileMissing } from './database.js';

/**
 * `npm run migrate -- status|up`: the database's migrations, seen and applied by the operator (the
 * server also applies pending ones when it starts). Both refuse a database a newer version migrated.
 */

const usage = `用法：
  npm run migrate -- status   列出全部迁移：已应用或待应用
  npm run migrate -- up       应用全部待应用的迁移（服务器启动时也会自动应用）

数据库与服务器相同：设置了 DATABASE_URL 时为 PostgreSQL，否则为 DATA_DIR 下的 SQLite 文件。
退出码：0 成功；1 迁移失败，或数据库已由更新版本迁移；2 命令行有误。`;

async function status(): Promise<number> {
  const config = cliConfig();
  say(`数据库：${databaseLabel(config)}`);
  // a status never creates the SQLite file it was asked about
  if (sqliteFileMissing(config)) {
    const names = Object.keys(migrations).sort();
    for (const name of names) say(`待应用  ${name}`);
    say(`数据库文件尚不存在。共 ${names.length} 个迁移：已应用 0 个，待应用 ${names.length} 个。`);
    return EXIT.ok;
  }
  const database = openConfiguredDatabase(config);
  try {
    const state = await migrationStatus(database.db);
    for (const m of state.migrations) say(m.appliedAt ? `已应用  ${m.name}  ${m.appliedAt}` : `待应用  ${m.name}`);
    for (const name of state.unknown) say(`未知    ${name}（本版本没有这个迁移）`);
    const applied = state.migrations.filter((m) => m.appliedAt !== null).length;
    say(`共 ${state.migrations.length} 个迁移：已应用 ${applied} 个，待应用 ${state.migrations.length - applied} 个。`);
    if (state.unknown.length > 0) throw new NewerDatabaseError(state.unknown);
    return EXIT.ok;
  } finally {
    await database.destroy();
  }
}

async function up(): Promise<number> {
  const config = cliConfig();
  say(`数据库：${databaseLabel(config)}`);
  const database = openConfiguredDatabase(config);
  try {
    await assertNotNewer(database.db);
    const results = (await migrateToLatest(database.db)) ?? [];
    for (const r of results) say(`已应用  ${r.migrationName}`);
    say(results.length > 0 ? `完成：应用了 ${results.length} 个迁移。` : '没有待应用的迁移，数据库已是最新。');
    return EXIT.ok;
  } catch (err) {
    if (err instanceof MigrationError && !(err instanceof NewerDatabaseError)) {
      const cause = err.cause instanceof Error ? err.cause.message : String(err.cause);
      // the failed migration was rolled back where the database allows (PostgreSQL: the whole run)
      console.error(`错误：迁移 ${err.migrationName ?? '（未知）'} 失败：${cause}`);
      console.error('运行 npm run migrate -- status 查看哪些迁移已应用。');
      return EXIT.failed;
    }
    throw err;
  } finally {
    await database.destroy();
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseCommandArgs(process.argv.slice(2), { help: { type: 'boolean', short: 'h' } });
  const [command, ...extra] = positionals;
  if (values.help || command === 'help') {
    say(usage);
    return EXIT.ok;
  }
  if (command === undefined) throw usageError('缺少子命令');
  if (command !== 'status' && command !== 'up') throw usageError('未知的子命令（可用：status、up）');
  if (extra.length > 0) throw usageError('多余的参数');
  return command === 'status' ? status() : up();
}

runCommand(usage, main);
