import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { runPeriodically } from '../../plugins/periodic.js';
import type { SessionService } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { FileStorage } from './file-storage.js';
import { registerFileUrlKey, resolveFileUrlKey } from './file-urls.js';
import { filesRoutes } from './files.routes.js';
import { FilesService } from './files.service.js';
import { videoUploadRoutes } from './video-uploads.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { FileStorage, namesOlderThan, removeQuietly } from './file-storage.js';
export { filesRepository } from './files.repository.js';
export { checkImage, imageProblemMessage } from './image-check.js';
export { ascii, detectImageKind, type ImageKind, imageKinds, startsWith } from './magic-bytes.js';
export { multipartError } from './multipart-errors.js';

/** How often abandoned uploads and crash leftovers are looked for. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface FilesModuleDeps {
  config: AppConfig;
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
}

/**
 * Wires the files module into an app: storage directories, the URL signing key, the service; then
 * (register) its routes and the hourly sweep of abandoned uploads.
 */
export async function createFilesModule(app: FastifyInstance, d: FilesModuleDeps) {
  const storage = new FileStorage(d.config.uploadsDir);
  await storage.init();
  const unregisterKey = registerFileUrlKey(await resolveFileUrlKey(d.config), d.clock);
  app.addHook('onClose', async () => unregisterKey());
  const service = new FilesService({ db: d.db, clock: d.clock, storage, audit: d.audit, log: app.log });

  async function register(opts: { sessions: SessionService; uploadPerMinute: number }): Promise<void> {
    await app.register(filesRoutes, { service, sessions: opts.sessions, clock: d.clock, uploadPerMinute: opts.uploadPerMinute });
    await app.register(videoUploadRoutes, { service, uploadPerMinute: opts.uploadPerMinute });

    runPeriodically(app, {
      everyMs: SWEEP_EVERY_MS,
      run: async () => {
        const r = await service.sweep();
        if (r.uploads || r.leftovers) app.log.info(r, 'swept abandoned uploads');
      },
      onError: (err) => app.log.warn({ err }, 'upload sweep failed'),
    });
  }

  return { service, register };
}
