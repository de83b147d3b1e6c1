import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { reviewLimits } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { reviewStrings } from '../strings.js';
import { type QueueFilters, requestFilters } from './queue-search.js';
import type { QueueSelection } from './use-queue-selection.js';

const q = reviewStrings.queueTable;

/**
 * Once every visible row is selected: the offer to select everything the filter matches (loaded
 * pages are only the first of them), with its count; once taken, what is selected and a way out.
 */
export function SelectBar({
  filters, currentSeasonId, visible, selection, onSelectMatching, onClear,
}: {
  filters: QueueFilters;
  currentSeasonId: string | undefined;
  visible: readonly string[];
  selection: QueueSelection;
  onSelectMatching(ids: string[], total: number, capped: boolean): void;
  onClear(): void;
}) {
  const allVisible = visible.length > 0 && visible.every((id) => selection.ids.has(id));
  const request = requestFilters(filters, true, currentSeasonId);
  const matching = useQuery({
    queryKey: reviewKeys.queueIds(request),
    queryFn: () => call(reviewOps.queueIds, request),
    enabled: allVisible && !selection.matching,
  });
  if (selection.matching) {
    return (
      <div className="qgw-rv-select-bar" role="status">
        <span>
          {q.matchingSelected(selection.ids.size)}
          {selection.matching.capped && q.matchingCapped(reviewLimits.selectAll)}
        </span>
        <Button size="small" fill="none" onClick={onClear}>
          {q.clearSelection}
        </Button>
      </div>
    );
  }
  if (!allVisible) return null;
  const found = matching.data;
  return (
    <div className="qgw-rv-select-bar" role="status">
      <span>{q.pageSelected(visible.length)}</span>
      {found && found.total > 0 && (
        <Button size="small" color="primary" fill="outline" onClick={() => onSelectMatching(found.ids, found.total, found.capped)}>
          {q.selectMatching(found.total)}
        </Button>
      )}
      <Button size="small" fill="none" onClick={onClear}>
        {q.clearSelection}
      </Button>
    </div>
  );
}
