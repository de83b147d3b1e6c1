import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import { runPeriodically } from '../plugins/periodic.js';
import { backupsDir, newestBackupAt, pruneBackups, takeBackup } from './backup.js';

/** How often the server looks whether a backup is due: a backup is at most this late. */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * BACKUP_INTERVAL_HOURS: the running server backs DATA_DIR up (ops/backup.ts) whenever the newest
 * archive is that old, and keeps the newest BACKUP_KEEP. Being due is judged from the archives on
 * disk rather than from a timer, so restarts neither skip a backup nor add one, and a backup taken
 * by hand counts too. The first look is when the app is ready: a fresh install is backed up at once.
 */
export function scheduleBackups(app: FastifyInstance, opts: { config: AppConfig; clock: Clock }): void {
  const { config, clock } = opts;
  const { everyMs, keep } = config.backup;
  if (everyMs <= 0) return;
  if (config.databaseUrl) {
    // PostgreSQL is backed up with its own tools; the server has nothing sound to archive alone
    app.log.info({ event: 'backup.skipped' }, 'automatic backups cover the embedded SQLite database only; back up PostgreSQL with pg_dump (docs/operations.md)');
    return;
  }
  const dir = backupsDir(config);
  runPeriodically(app, {
    everyMs: Math.min(everyMs, CHECK_EVERY_MS),
    run: async () => {
      const last = await newestBackupAt(dir);
      if (last !== undefined && clock() - last < everyMs) return;
      const { path, bytes } = await takeBackup(config, clock());
      const pruned = await pruneBackups(dir, keep);
      app.log.info({ event: 'backup', archive: basename(path), bytes, pruned }, 'backup written');
    },
    onError: (err) => app.log.error({ err, event: 'backup.failed' }, 'automatic backup failed'),
  });
}
