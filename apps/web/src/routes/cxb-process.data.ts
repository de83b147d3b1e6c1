import { apiPaths, contentSlugs } from '@qgw/contracts';
import { requestEarly } from '../lib/request.js';

/** pages/cxb/process, as it opens: the steps of the programme (an article the admins edit). */
export default function prefetch(): void {
  requestEarly(apiPaths.contentArticle, { slug: contentSlugs.programmeProcess });
}
