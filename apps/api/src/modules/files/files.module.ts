import type { ApiModule, ModuleBase } from '../../api-module.js';
import { runPeriodically } from '../../plugins/periodic.js';
import type { SessionService } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { FileStorage } from './file-storage.js';
import { registerFileUrlKey, resolveFileUrlKey } from './file-urls.js';
import { filesRoutes } from './files.routes.js';
import { FileAccessService } from './file-access.service.js';
import { FilesService } from './files.service.js';
import { videoUploadRoutes } from './video-uploads.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { FileStorage, namesOlderThan, removeQuietly } from './file-storage.js';
export { filesRepository } from './files.repository.js';
export { assertAllLinked, assertOwnedFiles, attachOwnedFiles, fileLinks } from './file-links.js';
export { signFileUrls } from './file-urls.js';
export { checkImage, cleanImage, imageProblemMessage } from './image-check.js';
export { stripImageMetadata } from './image-metadata.js';
export { ascii, detectImageKind, type ImageKind, imageKinds, startsWith } from './magic-bytes.js';
export { multipartError } from './multipart-errors.js';

/** How often abandoned uploads and crash leftovers are looked for. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface FilesModuleDeps extends ModuleBase {
  audit: AuditRepository;
  /** a file's address may carry the viewer's session (files.routes.ts) */
  sessions: SessionService;
}

export interface FilesModule extends ApiModule {
  service: FilesService;
}

/**
 * The files module: storage directories, the URL signing key, the service; then (register) its
 * routes and the hourly sweep of abandoned uploads.
 */
export async function createFilesModule(d: FilesModuleDeps): Promise<FilesModule> {
  const storage = new FileStorage(d.config.uploadsDir);
  await storage.init();
  const urlKey = await resolveFileUrlKey(d.config);
  const service = new FilesService({ db: d.db, clock: d.clock, storage, audit: d.audit, log: d.log, videoMaxBytes: d.config.videoMaxBytes });
  const access = new FileAccessService({ db: d.db });
  const uploadPerMinute = d.config.rateLimit.uploadPerMinute;

  return {
    service,
    async register(app) {
      // the key signs this app's file addresses while it runs
      const unregisterKey = registerFileUrlKey(urlKey, d.clock);
      app.addHook('onClose', async () => unregisterKey());
      await app.register(filesRoutes, { service, access, sessions: d.sessions, clock: d.clock, uploadPerMinute });
      await app.register(videoUploadRoutes, { service, uploadPerMinute });

      runPeriodically(app, {
        everyMs: SWEEP_EVERY_MS,
        run: async () => {
          const r = await service.sweep();
          if (r.uploads || r.leftovers) app.log.info(r, 'swept abandoned uploads');
        },
        onError: (err) => app.log.warn({ err }, 'upload sweep failed'),
      });
    },
  };
}
