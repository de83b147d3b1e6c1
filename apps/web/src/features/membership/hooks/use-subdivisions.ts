import { useQuery } from '@tanstack/react-query';
import { contentOperations } from '@qgw/contracts';
import { call } from '../../../lib/request.js';

/**
 * The subdivisions the committee publishes (GET contentSubdivisions, public), for 意向分会. Read
 * here rather than through the content feature, whose index would bring its list screens' parts
 * into the form.
 */
export function usePublishedSubdivisions() {
  return useQuery({
    queryKey: ['membership', 'subdivisions'] as const,
    queryFn: () => call(contentOperations.contentSubdivisions, {}),
    retry: 1,
  });
}
