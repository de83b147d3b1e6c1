import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/apply/index, as it opens signed in: the person's works and the programme's state. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getWorks);
  requestEarlyWithSession(apiPaths.getCurrentStatus);
}
