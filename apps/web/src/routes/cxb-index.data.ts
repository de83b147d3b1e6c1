import { apiPaths, contentSlugs } from '@qgw/contracts';
import { requestEarly } from '../lib/request.js';

/** pages/cxb/index, as it opens: the programme overview, the screen's largest text (ProgrammeArticle's request). */
export default function prefetch(): void {
  requestEarly(apiPaths.contentArticle, { slug: contentSlugs.programmeOverview });
}
