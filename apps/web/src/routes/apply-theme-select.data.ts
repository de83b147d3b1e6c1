import { apiPaths } from '@qgw/contracts';
import { requestEarlyWithSession } from '../lib/request.js';

/** pages/apply/themeSelect, as it opens signed in: the themes. */
export default function prefetch(): void {
  requestEarlyWithSession(apiPaths.getThemes);
}
