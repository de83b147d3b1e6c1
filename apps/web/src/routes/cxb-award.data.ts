import { apiPaths } from '@qgw/contracts';
import { openingAddress } from '../lib/navigation.js';
import { requestEarly } from '../lib/request.js';

/**
 * pages/cxb/award, as it opens: the public seasons, and the current season's awards (AwardList's
 * first page) unless the address names a season, whose list waits for the seasons as the screen does.
 */
export default function prefetch(): void {
  requestEarly(apiPaths.contentSeasons);
  if (!/[?&]season=/.test(openingAddress())) requestEarly(apiPaths.contentArticles, { category: 'award', limit: 10 });
}
