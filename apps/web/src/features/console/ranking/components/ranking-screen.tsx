import { Fragment, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import {
  decisionLabels, phaseLabels, rankingKinds, themedRankingKinds, type ConsoleRankingResponse, type RankingKind, type RankingRow,
} from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, SelectField } from '../../components/console-ui.js';
import { SeasonSelect } from '../../components/season-select.js';
import { consolePaths } from '../../paths.js';
import { StatusBadge } from '../../review/components/review-ui.js';
import { reviewPaths } from '../../review/paths.js';
import { rankingKeys, rankingOps } from '../api/operations.js';
import { rankingStrings as t } from '../strings.js';
import { StagePanel } from './stage-panel.js';
// its own styles: opened directly (a reload, a link) no other screen has brought them
import './ranking.css';

const DEFAULT_KIND: RankingKind = 'person';

/** The filters live in the address: a reload or the back button keeps them. */
function useRankingFilters() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind');
  const kind: RankingKind = (rankingKinds as readonly string[]).includes(asked ?? '') ? (asked as RankingKind) : DEFAULT_KIND;
  const themeId = themedRankingKinds.includes(kind) ? (params.get('themeId') ?? '') : '';
  // '' is the current season; a season's id an earlier or a prepared one
  const season = params.get('season') ?? '';
  const set = (next: { kind: RankingKind; themeId: string; season?: string }) => {
    const out = new URLSearchParams({ kind: next.kind });
    const nextSeason = next.season ?? season;
    if (nextSeason) out.set('season', nextSeason);
    if (next.themeId && themedRankingKinds.includes(next.kind)) out.set('themeId', next.themeId);
    setParams(out);
  };
  return { kind, themeId, season, set };
}

function Summary({ r }: { r: ConsoleRankingResponse }) {
  return (
    <div className="qgw-cs-card qgw-rk-summary">
      <p className="qgw-rk-facts">
        <span>{t.programme(r.programme.name, phaseLabels[r.programme.phase])}</span>
        <span>{r.quota > 0 ? t.quota(r.quota) : t.noQuota}</span>
        <span>{t.minReviews(r.minReviews)}</span>
        {r.quota === 0 && <Link to={consolePaths.adminProgramme}>{t.setQuota}</Link>}
      </p>
      {r.themeId && r.quota > 0 && <p className="qgw-cs-hint">{t.themeNoLine}</p>}
      {r.cutLine?.tie && (
        <p className="qgw-rk-tie-alert" role="alert">
          {t.tieAtLine(r.cutLine.tie.count, r.cutLine.tie.rank, r.cutLine.tie.placesLeft)}
        </p>
      )}
    </div>
  );
}

function RankCell({ row }: { row: RankingRow }) {
  if (row.rank === null) return <>{t.unranked}</>;
  return (
    <>
      <strong>{row.rank}</strong>
      {row.tied && <span className={row.placement === 'tie' ? 'qgw-rk-tag qgw-rk-tag-line' : 'qgw-rk-tag'}>{row.placement === 'tie' ? t.tiedAtLine : t.tied}</span>}
    </>
  );
}

function Row({ row }: { row: RankingRow }) {
  const cls = row.placement ? `qgw-rk-row qgw-rk-${row.placement}` : 'qgw-rk-row';
  return (
    <tr className={cls}>
      <td className="qgw-rk-rank">
        <RankCell row={row} />
      </td>
      <td>
        <Link to={reviewPaths.application(row.applicationId)} className="qgw-rk-title">
          {row.title}
        </Link>
        {row.themeName && <span className="qgw-rk-theme">{row.themeName}</span>}
      </td>
      <td>{[row.applicantName, row.mobileMasked].filter(Boolean).join(' · ')}</td>
      <td className="qgw-rk-num">{row.mean === null ? t.unranked : t.score(row.mean)}</td>
      <td className="qgw-rk-num">
        {row.reviewCount}
        {row.belowMinimum && <span className="qgw-rk-tag qgw-rk-tag-warn">{t.belowMinimum}</span>}
      </td>
      <td className="qgw-rk-num">{row.spread === null || row.min === null || row.max === null ? t.unranked : t.spreadOf(row.spread, row.min, row.max)}</td>
      <td className="qgw-rk-num">{row.stdDev === null ? t.unranked : t.score(row.stdDev)}</td>
      <td>{row.staged ? decisionLabels[row.staged.decision] : ''}</td>
      <td>
        <StatusBadge status={row.status} />
      </td>
    </tr>
  );
}

/** The line goes before the first candidate below it (a straddling tie stays above, marked). */
const lineBefore = (rows: readonly RankingRow[]): number => rows.findIndex((r) => r.placement === 'below' || (r.placement === null && r.rank === null));

function RankingTable({ r }: { r: ConsoleRankingResponse }) {
  const cutAt = r.cutLine ? lineBefore(r.rows) : -1;
  const cols = Object.keys(t.col).length;
  const line = r.cutLine ? (
    <tr className="qgw-rk-cut" aria-label={t.cutLine(r.cutLine.places)}>
      <td colSpan={cols}>{t.cutLine(r.cutLine.places)}</td>
    </tr>
  ) : null;
  return (
    <div className="qgw-cs-card qgw-rk-table-wrap">
      <table className="qgw-rk-table" aria-label={t.tableLabel}>
        <thead>
          <tr>
            {Object.values(t.col).map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.rows.map((row, i) => (
            <Fragment key={row.applicationId}>
              {i === cutAt && line}
              <Row row={row} />
            </Fragment>
          ))}
          {cutAt === -1 && line}
        </tbody>
      </table>
    </div>
  );
}

/** 排名: a kind's candidates by their mean review total, the quota's cut line, and 拟定入选 from it. */
export function RankingScreen() {
  const { kind, themeId, season, set } = useRankingFilters();
  const [staging, setStaging] = useState(false);
  const themed = themedRankingKinds.includes(kind);
  // the season's own themes (a new season's are new records)
  const themes = useQuery({
    queryKey: rankingKeys.themes(season),
    queryFn: async () => (await call(rankingOps.themes, { programmeId: season || undefined })).items,
    enabled: themed,
  });
  const ranking = useQuery({
    queryKey: rankingKeys.ranking(kind, themeId, season),
    queryFn: () => call(rankingOps.ranking, { kind, themeId: themeId || undefined, programmeId: season || undefined }),
    // reviews and decisions keep coming in: read it afresh on every visit
    refetchOnMount: 'always',
  });
  const r = ranking.data;
  return (
    <ConsolePage
      title={t.title}
      actions={
        <Button color="primary" disabled={!r?.cutLine || staging} onClick={() => setStaging(true)}>
          {t.stageAction}
        </Button>
      }
    >
      <div className="qgw-cs-filters qgw-rk-filters">
        <SeasonSelect value={season} onChange={(next) => set({ kind, themeId: '', season: next })} />
        <SelectField label={t.kind} value={kind} options={rankingKinds.map((k) => ({ value: k, label: t.kinds[k] }))} onChange={(k) => set({ kind: k, themeId: '' })} />
        {themed && (
          <SelectField
            label={t.theme}
            value={themeId}
            options={[{ value: '', label: t.allThemes }, ...(themes.data ?? []).map((th) => ({ value: th.id, label: th.name }))]}
            onChange={(id) => set({ kind, themeId: id })}
          />
        )}
      </div>
      {ranking.isPending ? (
        <ConsoleLoading />
      ) : ranking.isError || !r ? (
        <ConsoleError error={ranking.error} onRetry={() => void ranking.refetch()} />
      ) : (
        <>
          <Summary r={r} />
          {staging && r.cutLine && <StagePanel ranking={r} onClose={() => setStaging(false)} />}
          {r.rows.length === 0 ? <ConsoleEmpty text={t.empty} /> : <RankingTable r={r} />}
        </>
      )}
    </ConsolePage>
  );
}
