import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/member/detail, as it opens signed in: the membership application it shows. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getMemberInfo);
}
