import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/cxbCheck/index (我的申报), as it opens signed in: the list of the person's applications. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.myApplications);
}
