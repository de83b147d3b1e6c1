import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/**
 * pages/cxb2024/companyApply, as it opens signed in: the company entry, its draft, the programme's
 * state and the prefill, together rather than one after another as the form asks for them.
 */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getCompanyInfo);
  requestEarlyWithSession(apiPaths.getDraft, { kind: 'company' });
  requestEarlyWithSession(apiPaths.getCurrentStatus);
  requestEarlyWithSession(apiPaths.getPrefill, { kind: 'company' });
}
