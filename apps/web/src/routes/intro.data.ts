import { apiPaths, contentSlugs } from '@qgw/contracts';
import { requestEarly } from '../lib/request.js';

/** The 简介 tab and pages/homeIntro/index, as they open: the introduction and the further reading under it. */
export default function prefetch(): void {
  requestEarly(apiPaths.contentArticle, { slug: contentSlugs.intro });
  requestEarly(apiPaths.contentArticles, { category: 'intro', limit: 10 });
}
