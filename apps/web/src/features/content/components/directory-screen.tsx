import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DotLoading } from 'antd-mobile';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { contentLimits, memberGroupings, ZMemberGrouping, type DirectoryMember, type MemberGrouping } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { Input } from '../../../components/ui/input.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { refreshFresh, useMemberRegions, useMembers, useSubdivisions } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, ListSkeleton, LoadMore, Refreshable } from './list-states.js';
import { MemberRow } from './member-row.js';
import './content.css';
import './directory.css';

interface Group {
  key: string;
  label: string;
  members: DirectoryMember[];
}

/** The server orders members so that a group's rows come together; a header starts each group. */
export function groupMembers(members: readonly DirectoryMember[], by: MemberGrouping): Group[] {
  const groups: Group[] = [];
  for (const m of members) {
    const key = by === 'subdivision' ? (m.subdivisionId ?? '') : m.region;
    const label = by === 'subdivision' ? (m.subdivisionName ?? t.noSubdivision) : m.region || t.noRegion;
    const last = groups.at(-1);
    if (last && last.key === key) last.members.push(m);
    else groups.push({ key, label, members: [m] });
  }
  return groups;
}

const groupingLabels = { subdivision: t.groupBySubdivision, region: t.groupByRegion } as const satisfies Record<MemberGrouping, string>;

function SearchBox({ value, onChange }: { value: string; onChange(v: string): void }) {
  const id = useId();
  return (
    <div className="qgw-ct-search">
      <label htmlFor={id} className="qgw-ct-search-label">
        {t.searchLabel}
      </label>
      <div className="qgw-ct-search-box">
        <SearchOutline className="qgw-ct-search-icon" aria-hidden="true" />
        <Input id={id} type="search" value={value} onChange={onChange} placeholder={t.searchPlaceholder} maxLength={contentLimits.search.max} enterKeyHint="search" />
        {value && (
          <button type="button" className="qgw-ct-search-clear" aria-label={t.clearSearch} onClick={() => onChange('')}>
            <CloseCircleFill aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}

/** How many published members a group holds, when the whole directory is shown (not a search). */
function useGroupCounts(by: MemberGrouping, enabled: boolean): Map<string, number> {
  const subdivisions = useSubdivisions();
  const regions = useMemberRegions();
  return useMemo(() => {
    const counts = new Map<string, number>();
    if (!enabled) return counts;
    if (by === 'subdivision') for (const s of subdivisions.data?.items ?? []) counts.set(s.id, s.memberCount);
    else for (const r of regions.data?.items ?? []) counts.set(r.region, r.count);
    return counts;
  }, [by, enabled, subdivisions.data, regions.data]);
}

function Directory() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const parsedGrouping = ZMemberGrouping.safeParse(params.get('groupBy'));
  const [groupBy, setGroupBy] = useState<MemberGrouping>(parsedGrouping.success ? parsedGrouping.data : 'subdivision');
  const groupingName = useId();
  const subdivisionId = params.get('subdivisionId') ?? '';
  const q = useDebounced(query.trim());
  const list = useMembers({ q, groupBy, subdivisionId });
  const counts = useGroupCounts(groupBy, q === '' && subdivisionId === '');
  const subdivisions = useSubdivisions();
  const filterName = subdivisionId ? subdivisions.data?.items.find((s) => s.id === subdivisionId)?.name : undefined;

  const members = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const groups = useMemo(() => groupMembers(members, groupBy), [members, groupBy]);
  const searching = list.isFetching && !list.isFetchingNextPage && list.isPlaceholderData;

  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton avatar rows={6} />;
  else if (list.isError && !list.data) body = <ListError error={list.error} onRetry={() => void refreshFresh(list.refetch)} />;
  else if (members.length === 0)
    body = q ? <ListEmpty title={t.searchEmpty(q)} hint={t.searchEmptyHint} /> : <ListEmpty title={t.directoryEmpty} hint={t.directoryEmptyHint} />;
  else
    body = (
      <>
        {groups.map((g, i) => (
          <section key={`${g.key}-${i}`} className="qgw-ct-group" aria-label={g.label}>
            <h2 className="qgw-ct-group-title">
              <span>{g.label}</span>
              {counts.has(g.key) && <span className="qgw-ct-group-count">{t.groupCount(counts.get(g.key) ?? 0)}</span>}
            </h2>
            <ul className="qgw-ct-members">
              {g.members.map((m) => (
                <MemberRow key={m.id} member={m} showSubdivision={groupBy !== 'subdivision'} showRegion={groupBy !== 'region'} />
              ))}
            </ul>
          </section>
        ))}
        <LoadMore hasMore={list.hasNextPage} loadMore={() => list.fetchNextPage()} failed={list.isFetchNextPageError} />
      </>
    );

  return (
    <>
      <div className="qgw-ct-toolbar">
        <SearchBox value={query} onChange={setQuery} />
        <div className="qgw-ct-toolbar-row">
          {/* native radios rather than antd-mobile's Segmented, whose listbox holds inputs (not options)
              and is named in English */}
          <div className="qgw-ct-grouping" role="group" aria-label={t.groupingLabel}>
            {memberGroupings.map((value) => (
              <label key={value} className={value === groupBy ? 'qgw-ct-grouping-item qgw-ct-grouping-on' : 'qgw-ct-grouping-item'}>
                <input type="radio" name={groupingName} value={value} checked={value === groupBy} onChange={() => setGroupBy(value)} />
                {groupingLabels[value]}
              </label>
            ))}
          </div>
          {searching && <DotLoading color="primary" aria-label={t.loading} />}
        </div>
        {subdivisionId && (
          <p className="qgw-ct-filter">
            <span>{t.filteredBy(filterName ?? '')}</span>
            <button
              type="button"
              onClick={() =>
                setParams(
                  (p) => {
                    p.delete('subdivisionId');
                    return p;
                  },
                  { replace: true },
                )
              }
            >
              {t.clearFilter}
            </button>
          </p>
        )}
      </div>
      <Refreshable onRefresh={() => refreshFresh(list.refetch)}>{body}</Refreshable>
    </>
  );
}

/** pages/memberlist/index and pages/homeIntro/memberList: the member directory. */
export function DirectoryScreen() {
  return (
    <PageLayout title={t.directoryTitle}>
      <Directory />
    </PageLayout>
  );
}
