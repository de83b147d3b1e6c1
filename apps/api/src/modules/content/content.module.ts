import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { contentAdminRoutes } from './content-admin.routes.js';
import { ContentAdminService } from './content-admin.service.js';
import { ContentFileStore } from './content-files.js';
import { contentRoutes } from './content.routes.js';
import { ContentService } from './content.service.js';

export interface ContentModule extends ApiModule {
  service: ContentService;
  admin: ContentAdminService;
  files: ContentFileStore;
}

/** Committee content: public reads, the console's writes and the public content files. */
export async function createContentModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  uploadsDir: string;
  /** uploads per IP per minute on the console's content files */
  uploadPerMinute: number;
}): Promise<ContentModule> {
  const service = new ContentService(deps.db);
  const admin = new ContentAdminService(deps.db, deps.clock, deps.audit);
  const files = new ContentFileStore(deps.uploadsDir);
  await files.init();
  return {
    service,
    admin,
    files,
    async register(app) {
      await app.register(contentRoutes, { service, files });
      await app.register(contentAdminRoutes, { service: admin, files, uploadPerMinute: deps.uploadPerMinute });
    },
  };
}
