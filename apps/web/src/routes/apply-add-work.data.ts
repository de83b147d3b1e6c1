import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/apply/addWork, as it opens signed in: the new work's draft and the themes to choose from. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getDraft, { kind: 'work' });
  requestEarlyWithSession(apiPaths.getThemes);
}
