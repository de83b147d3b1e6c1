import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assignmentMatrixLimits, matrixStatuses, type ApplicationKind, type ApplicationStatus } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { CheckboxField, ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage } from '../../components/console-ui.js';
import { ALL_SEASONS, SeasonSelect, seasonIdOf, useConsoleSeasons } from '../../components/season-select.js';
import { assignmentKeys, assignmentOps } from '../api/assignment-operations.js';
import { assignmentStrings as t } from '../assignment-strings.js';
import { reviewPaths } from '../paths.js';
import { themeAfterSeasonChange, useQueueThemes } from '../queue/queue-themes.js';
import { ApplicationFilterFields } from './application-filter-fields.js';
import { AssignmentCoverage } from './assignment-coverage.js';
import { AssignmentMatrixTable } from './assignment-matrix-table.js';
import { ReviewerProgress } from './reviewer-progress.js';
import './review.css';
import './assignment-matrix.css';

interface Filters {
  kind: ApplicationKind | '';
  themeId: string;
  /** '' = awaiting a decision (submitted, under review) */
  status: ApplicationStatus | '';
  belowOnly: boolean;
  page: number;
}

const PAGE_SIZE = assignmentMatrixLimits.pageSize.default;

/** A link to the matrix, for the queue's toolbar (the queue screen is another helper's: one line there adds it). */
export function AssignmentsLink() {
  return (
    <Link className="adm-button adm-button-default adm-button-shape-default qgw-cs-link-button" to={reviewPaths.assignments}>
      {t.nav}
    </Link>
  );
}

/**
 * 分配评审 (admins): applications × reviewers a page at a time (50 rows: a 500-application round is
 * ten pages, each a table of at most a few thousand cells), coverage against each kind's target with
 * 补足, and each reviewer's progress with 提醒. Everything comes from one request. Like the queue it
 * shows one season (届次, in the address as ?season=: '' the current one, 'all' every season), with
 * that season's themes; 入会申请 belong to no season, so with that kind no season is asked for.
 */
export function AssignmentMatrixScreen() {
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const seasons = useConsoleSeasons();
  const themes = useQueueThemes(true, season);
  const [filters, setFilters] = useState<Filters>({ kind: '', themeId: '', status: '', belowOnly: false, page: 1 });
  const programmeId = filters.kind === 'membership' ? undefined : seasonIdOf(season, seasons.data?.items);
  const matrix = useQuery({
    queryKey: assignmentKeys.matrix({ ...filters, programmeId: programmeId ?? season }),
    // the current season's id comes with the seasons: never ask for every season meaning the current one
    enabled: season !== '' || filters.kind === 'membership' || programmeId !== undefined || seasons.isError,
    // reviewers and other admins change it all the time: read it afresh on every visit
    refetchOnMount: 'always',
    // paging keeps the previous page on screen until the next has arrived: the table does not jump
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(assignmentOps.matrix, {
        programmeId,
        kind: filters.kind || undefined,
        themeId: filters.themeId || undefined,
        status: filters.status || undefined,
        belowTarget: filters.belowOnly ? 'true' : undefined,
        page: String(filters.page),
        pageSize: String(PAGE_SIZE),
      }),
  });
  // a new filter starts again from the first page
  const set = (patch: Partial<Omit<Filters, 'page'>>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  // a theme the new season has not got is cleared, so the matrix is never narrowed to another season's theme
  const setSeason = (next: string) => {
    set({ themeId: themeAfterSeasonChange(filters.themeId, themes, next, seasons.data?.items) });
    setParams(next ? { season: next } : {}, { replace: true });
  };
  const m = matrix.data;
  const pages = m ? Math.max(1, Math.ceil(m.total / m.pageSize)) : 1;

  return (
    <ConsolePage
      title={t.title}
      actions={
        <>
          <Link className="adm-button adm-button-default adm-button-shape-default qgw-cs-link-button" to={reviewPaths.queue}>
            {t.toQueue}
          </Link>
          <Button loading={matrix.isRefetching} onClick={() => void matrix.refetch()}>
            {t.refresh}
          </Button>
        </>
      }
    >
      <div className="qgw-cs-filters qgw-rv-filters">
        <SeasonSelect value={season} extra={[ALL_SEASONS]} onChange={setSeason} />
        <ApplicationFilterFields values={filters} statuses={matrixStatuses} anyStatus={t.awaiting} themes={themes} onChange={set} />
        <CheckboxField label={t.belowOnly} checked={filters.belowOnly} onChange={(belowOnly) => set({ belowOnly })} />
      </div>
      {matrix.isPending ? (
        <ConsoleLoading />
      ) : matrix.isError && !m ? (
        <ConsoleError error={matrix.error} onRetry={() => void matrix.refetch()} />
      ) : m ? (
        <div className="qgw-am">
          <AssignmentCoverage coverage={m.coverage} />
          {m.reviewers.length === 0 ? (
            <ConsoleEmpty text={t.noReviewers} />
          ) : m.rows.length === 0 ? (
            <ConsoleEmpty text={t.empty} />
          ) : (
            <>
              <AssignmentMatrixTable rows={m.rows} reviewers={m.reviewers} />
              <nav className="qgw-am-pager" aria-label={t.pageLine(m.page, pages, m.total)}>
                <Button size="small" disabled={m.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                  {t.prev}
                </Button>
                <span>{t.pageLine(m.page, pages, m.total)}</span>
                <Button size="small" disabled={m.page >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                  {t.next}
                </Button>
              </nav>
            </>
          )}
          {m.reviewers.length > 0 && <ReviewerProgress reviewers={m.reviewers} />}
        </div>
      ) : null}
    </ConsolePage>
  );
}
