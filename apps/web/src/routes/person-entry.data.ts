import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/**
 * pages/cxb2024/information, information1 and information2, as they open signed in: the person entry,
 * its draft, the programme's state and the prefill. The form asks for them one after another (the
 * entry decides whether it opens at all); here they travel together, with the screen's code.
 */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getPersonInfo);
  requestEarlyWithSession(apiPaths.getDraft, { kind: 'person' });
  requestEarlyWithSession(apiPaths.getCurrentStatus);
  requestEarlyWithSession(apiPaths.getPrefill, { kind: 'person' });
}
