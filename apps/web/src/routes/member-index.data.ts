import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/**
 * pages/member/index, as it opens signed in: the membership application, its draft, the prefill and
 * the subdivisions to choose from, together rather than one after another as the form asks for them.
 */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getMemberInfo);
  requestEarlyWithSession(apiPaths.getDraft, { kind: 'membership' });
  requestEarlyWithSession(apiPaths.getPrefill, { kind: 'membership' });
  requestEarlyWithSession(apiPaths.contentSubdivisions);
}
