import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/cxb2024/companyResult, as it opens signed in: the company entry it shows. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getCompanyInfo);
}
