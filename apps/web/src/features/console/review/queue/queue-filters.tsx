import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { applicationStatuses, queueSorts, reviewerQueueSorts, reviewLimits } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { SelectField } from '../../components/console-ui.js';
import { ALL_SEASONS, SeasonSelect, useConsoleSeasons } from '../../components/season-select.js';
import { reviewKeys, reviewOps } from '../api/operations.js';
import { ApplicationFilterFields } from '../components/application-filter-fields.js';
import { reviewStrings } from '../strings.js';
import { defaultFilters, filtersKey, type QueueFilters } from './queue-search.js';
import { themeAfterSeasonChange, useQueueThemes } from './queue-themes.js';
import './queue.css';

const t = reviewStrings;
const q = reviewStrings.queueTable;
const tri = ['', 'true', 'false'] as const;
/** what the queue holds: everything submitted (drafts are their applicants' own) */
const queueStatuses = applicationStatuses.filter((s) => s !== 'draft');

/** What narrows and orders the queue; every change goes to the address (the screen reads it back from there). */
export function QueueFilterBar({ filters, admin, onChange }: { filters: QueueFilters; admin: boolean; onChange(next: QueueFilters): void }) {
  const [search, setSearch] = useState(filters.q);
  // the box follows the address (back, a remembered search), not only the keyboard
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    setSearch(filters.q);
  }
  const reviewers = useQuery({ queryKey: reviewKeys.reviewers, queryFn: () => call(reviewOps.reviewers, {}), enabled: admin });
  const seasons = useConsoleSeasons(admin);
  const themes = useQueueThemes(admin, filters.season);
  const set = (patch: Partial<QueueFilters>) => onChange({ ...filters, ...patch });
  const setSeason = (season: string) => set({ season, themeId: themeAfterSeasonChange(filters.themeId, themes, season, seasons.data?.items) });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: search.trim() });
  };
  const sorts = admin ? queueSorts : reviewerQueueSorts;
  return (
    <div className="qgw-cs-filters qgw-rv-filters">
      {/* 入会申请 belong to no season: with that kind the list shows them whatever the season */}
      {admin && <SeasonSelect value={filters.season} extra={[ALL_SEASONS]} onChange={setSeason} />}
      <ApplicationFilterFields values={filters} statuses={queueStatuses} anyStatus={t.all} themes={themes} onChange={set} />
      {admin && (
        <>
          <SelectField
            label={q.reviewer}
            value={filters.reviewerId}
            options={[{ value: '', label: q.anyReviewer }, ...(reviewers.data ?? []).map((r) => ({ value: r.id, label: r.nickname }))]}
            onChange={(reviewerId) => set({ reviewerId })}
          />
          <SelectField label={q.assignment} value={filters.unassigned} options={tri.map((v) => ({ value: v, label: q.assignments[v] }))} onChange={(unassigned) => set({ unassigned })} />
          <SelectField label={q.stagedFilter} value={filters.staged} options={tri.map((v) => ({ value: v, label: q.stagedOptions[v] }))} onChange={(staged) => set({ staged })} />
        </>
      )}
      <SelectField label={q.sort} value={filters.sort} options={sorts.map((s) => ({ value: s, label: q.sorts[s] }))} onChange={(sort) => set({ sort })} />
      <SelectField label={q.order} value={filters.order} options={(['desc', 'asc'] as const).map((o) => ({ value: o, label: q.orders[o] }))} onChange={(order) => set({ order })} />
      <form className="qgw-rv-search" role="search" onSubmit={onSearch}>
        <label className="qgw-cs-label" htmlFor="qgw-rv-q">
          {t.search}
        </label>
        <span className="qgw-rv-search-row">
          <input id="qgw-rv-q" className="qgw-cs-input" type="search" value={search} placeholder={t.searchPlaceholder} maxLength={reviewLimits.search.max} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit" color="primary">
            {t.searchButton}
          </Button>
        </span>
      </form>
      {filtersKey(filters) !== '' && (
        <div className="qgw-rv-filters-clear">
          <Button size="small" fill="none" onClick={() => onChange(defaultFilters)}>
            {q.clearFilters}
          </Button>
        </div>
      )}
    </div>
  );
}
