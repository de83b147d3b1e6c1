import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/cxb2024/personResult, as it opens signed in: the person entry it shows. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getPersonInfo);
}
