import type { FastifyInstance } from 'fastify';
import { apiPaths } from '@qgw/contracts';

/**
 * Answers that carry personal data or credentials are kept by no cache, the browser's included: a
 * shared computer's disk cache or a misconfigured proxy would otherwise hold a person's records
 * after they signed out. The routes are listed here, in one place, by the pattern they were
 * registered with; public content keeps its own caching (modules/content/http-cache.ts).
 */
export const noStoreRoutes: ReadonlySet<string> = new Set<string>([
  // the review console: applications, revealed ID numbers, exports, users, audit, deliveries
  ...Object.values(apiPaths).filter((p) => p.startsWith('/v1/console/')),
  // the signed-in person's own account (the login answer holds the token)
  apiPaths.login,
  apiPaths.getUserInfo,
  apiPaths.updateProfile,
  apiPaths.updatePhone,
  apiPaths.updatePSD,
  apiPaths.wxAuthorizeUrl,
  apiPaths.bindUser,
  apiPaths.exportMyData,
  apiPaths.closeAccount,
  apiPaths.cancelCloseAccount,
  // the applicant's own records
  apiPaths.getRankUser,
  apiPaths.getApplyStatus,
  apiPaths.getPersonInfo,
  apiPaths.getCompanyInfo,
  apiPaths.getMemberInfo,
  apiPaths.getWorks,
  apiPaths.getWork,
  apiPaths.getDraft,
  apiPaths.saveDraft,
  apiPaths.getNotifications,
  // private files: their signed addresses and their bytes
  apiPaths.uploadImage,
  apiPaths.getFileInfo,
  `${apiPaths.file}/:id`,
]);

export function installNoStore(app: FastifyInstance): void {
  // onSend, so that it has the last word over a header a route set itself
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined && noStoreRoutes.has(route)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
