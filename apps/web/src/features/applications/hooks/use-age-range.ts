import { useQuery } from '@tanstack/react-query';
import { type AgeRange, programmeOperations } from '@qgw/contracts';
import { call } from '../../../lib/request.js';

/**
 * The current programme's age range for person entries (创新榜 and the 2024 person entry), from its
 * public status: the same query, under the same key, as the programme pages ask.
 */
export function useAgeRange(): AgeRange | undefined {
  return useQuery({
    queryKey: ['programme', 'currentStatus'],
    queryFn: () => call(programmeOperations.getCurrentStatus, {}),
  }).data?.ageRange;
}
