import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { assertDurable, DurabilityError } from './db/durability.js';
import { openDatabase } from './db/index.js';
import { assertNotNewer, migrateToLatest, NewerDatabaseError } from './db/migrations/index.js';
import { seedDemo } from './db/seed.js';
import { createLogger } from './logger.js';
import { resolveDataKey } from './modules/applications/id-number-cipher.js';
import { type MetricsListener, startMetricsListener } from './plugins/metrics.js';

/** Entry point: config → database → migrations → demo seed → HTTP, and a clean stop on SIGINT/SIGTERM. */

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Connections the kernel holds for the server while its event loop is busy. Node's default (511) is
 * too short for a crowd: when a thousand applicants submit at once, the kernel drops the rest, and
 * each of those clients waits for a TCP retransmission (a second or more) before it is even heard.
 * The kernel caps this at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

const roleLabel = { applicant: '申请人', reviewer: '评审', admin: '管理员' } as const;

function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a): a is NonNullable<typeof a> => Boolean(a && a.family === 'IPv4' && !a.internal))
    .map((a) => a.address);
}

async function main() {
  // whatever the server creates is its user's alone (the stores also set their modes themselves)
  process.umask(0o077);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgPoolMax: config.databasePoolMax });
  try {
    await assertDurable(database.db, database.dialect);
    // before migrating: this code must not run on (or migrate around) tables a newer version made
    await assertNotNewer(database.db);
  } catch (err) {
    if (err instanceof NewerDatabaseError) {
      logger.fatal({ event: 'db.newer', unknown: err.unknown }, 'database migrated by a newer version');
      console.error(err.message);
      await database.destroy();
      process.exit(1);
    }
    if (err instanceof DurabilityError) {
      logger.fatal({ event: 'db.durability' }, err.message);
      console.error(err.message);
      await database.destroy();
      process.exit(1);
    }
    throw err;
  }
  await migrateToLatest(database.db);
  const demo = config.seedDemo
    ? await seedDemo(database.db, systemClock, { dataKey: await resolveDataKey(config), consoleTotp: !config.isProduction })
    : [];

  const app = await buildApp({ config, db: database.db, logger });
  // handlers first: a signal that arrives while starting still closes everything cleanly
  let stopping = false;
  let metricsListener: MetricsListener | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await metricsListener?.close();
      await app.close();
      await database.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (app.metrics && config.metrics.port !== undefined) {
    metricsListener = await startMetricsListener(app.metrics, { port: config.metrics.port, host: config.metrics.host });
  }

  const { port } = app.server.address() as AddressInfo;
  const wildcard = config.host === '0.0.0.0' || config.host === '::';
  const shownHost = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  // one write, so that whoever reads the output sees the whole block at once
  const banner = ['', `青工委服务平台 已启动: http://${shownHost}:${port}/`];
  if (wildcard) for (const ip of lanAddresses()) banner.push(`  局域网访问:     http://${ip}:${port}/`);
  banner.push(`  数据库: ${database.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.sqliteFile})`}`);
  if (config.apiDocs) banner.push(`  API 文档: http://${shownHost}:${port}/docs`);
  if (metricsListener) {
    const { address, port: metricsPort } = metricsListener.address;
    banner.push(`  监控指标: http://${address.includes(':') ? `[${address}]` : address}:${metricsPort}/metrics`);
  }
  if (!config.wechat.configured) banner.push('  微信授权: 未配置（绑定页可跳过）');
  if (demo.length > 0) {
    banner.push('  演示账号（密码相同）:');
    for (const a of demo) banner.push(`    ${roleLabel[a.role]}  ${a.mobile}  /  ${a.password}`);
    const withTotp = demo.filter((a) => a.totp);
    if (withTotp.length > 0) {
      banner.push('  后台动态验证码（演示用，请勿用于正式环境；可将密钥或链接添加到身份验证器）:');
      for (const a of withTotp) {
        banner.push(`    ${roleLabel[a.role]}  密钥 ${a.totp!.secret}`);
        banner.push(`      ${a.totp!.otpauthUrl}`);
      }
    }
  }
  console.log(`${banner.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error('启动失败:', err instanceof Error ? err.message : err);
  process.exit(1);
});
