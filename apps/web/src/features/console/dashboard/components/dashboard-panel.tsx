import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration } from 'chart.js';
import { dashboardKinds, phaseLabels, statusLabels, type ConsoleDashboardResponse } from '@qgw/contracts';
import { call } from '../../../../lib/request.js';
import { useSearchParams } from 'react-router';
import { ConsoleError, ConsoleLoading } from '../../components/console-ui.js';
import { SeasonSelect } from '../../components/season-select.js';
import { dashboardKeys, dashboardOps } from '../api/operations.js';
import { dashboardStrings as t } from '../strings.js';
import {
  binLabels, countOf, kindStatusChart, perDayChart, progressChart, progressSeries, regionRows, regionsChart, scoresChart, statusesPresent,
} from './chart-configs.js';
import { ChartCanvas } from './chart-canvas.js';
// its own styles: opened directly (a reload, a link) no other screen has brought them
import './dashboard.css';

type Dashboard = ConsoleDashboardResponse;

function Figures({ d }: { d: Dashboard }) {
  const keys = Object.keys(t.figures) as (keyof typeof t.figures)[];
  return (
    <dl className="qgw-db-figures" aria-label={t.figuresLabel}>
      {keys.map((k) => (
        <div key={k} className={`qgw-cs-card qgw-db-figure${k === 'needingReviewers' && d.totals[k] > 0 ? ' qgw-db-figure-warn' : ''}`}>
          <dt>{t.figures[k]}</dt>
          <dd>{d.totals[k]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A chart with its text alternatives: a summary on the canvas and the numbers in a table. */
function ChartFigure({ id, title, summary, config, table, note }: { id: string; title: string; summary: string; config: ChartConfiguration<'bar'>; table: ReactNode; note?: string }) {
  return (
    <figure className="qgw-cs-card qgw-db-card" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="qgw-db-title">
        {title}
      </figcaption>
      <ChartCanvas config={config} label={`${title}：${summary}`} />
      <p className="qgw-db-summary">{summary}</p>
      {note && <p className="qgw-db-note">{note}</p>}
      <details className="qgw-db-details">
        <summary>{t.showData}</summary>
        {table}
      </details>
    </figure>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="qgw-db-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])}>
            {r.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Charts({ d }: { d: Dashboard }) {
  // one configuration per answer: a new object would redraw the chart on every render
  const configs = useMemo(
    () => ({ perDay: perDayChart(d), kindStatus: kindStatusChart(d), regions: regionsChart(d), progress: progressChart(d), scores: scoresChart(d) }),
    [d],
  );
  const days = d.submissionsPerDay.length;
  const total = d.submissionsPerDay.reduce((n, x) => n + x.count, 0);
  const peak = d.submissionsPerDay.reduce<{ day: string; count: number } | null>((best, x) => (x.count > (best?.count ?? 0) ? x : best), null);
  const statuses = statusesPresent(d);
  const kindTotals = dashboardKinds.map((k) => ({ k, n: statuses.reduce((n, s) => n + countOf(d, k, s), 0) }));
  const regions = regionRows(d);
  const bins = binLabels(d.scoreDistribution[0]?.bins.length ?? 0);
  return (
    <div className="qgw-db-grid">
      <ChartFigure
        id="db-per-day"
        title={t.perDay.title(days)}
        summary={t.perDay.summary(days, total, peak?.day ?? null, peak?.count ?? 0)}
        config={configs.perDay}
        table={<Table caption={t.perDay.title(days)} head={[t.perDay.day, t.count]} rows={d.submissionsPerDay.map((x) => [x.day, x.count])} />}
      />
      <ChartFigure
        id="db-kind-status"
        title={t.kindStatus.title}
        summary={t.kindStatus.summary(kindTotals.filter((x) => x.n > 0).map((x) => `${t.kinds[x.k]} ${x.n}`))}
        config={configs.kindStatus}
        table={
          <Table
            caption={t.kindStatus.title}
            head={[t.kindStatus.kind, ...statuses.map((s) => statusLabels[s]), t.kindStatus.total]}
            rows={kindTotals.map(({ k, n }) => [t.kinds[k], ...statuses.map((s) => countOf(d, k, s)), n])}
          />
        }
      />
      <ChartFigure
        id="db-regions"
        title={t.regions.title}
        summary={t.regions.summary(d.regions.top.slice(0, 3).map((r) => `${r.region} ${r.count}`))}
        note={t.regions.note}
        config={configs.regions}
        table={<Table caption={t.regions.title} head={[t.regions.region, t.count]} rows={regions.map((r) => [r.label, r.count])} />}
      />
      <ChartFigure
        id="db-progress"
        title={t.progress.title}
        summary={t.progress.summary(d.reviewProgress.map((p) => t.progress.kindLine(t.kinds[p.kind], p.inReview, p.reviewed, p.needingReviewers)))}
        config={configs.progress}
        table={
          <Table
            caption={t.progress.title}
            head={[t.progress.kind, ...progressSeries.map((k) => t.progress.series[k])]}
            rows={d.reviewProgress.map((p) => [t.kinds[p.kind], ...progressSeries.map((k) => p[k])])}
          />
        }
      />
      <ChartFigure
        id="db-scores"
        title={t.scores.title}
        summary={t.scores.summary(d.scoreDistribution.filter((s) => s.scored > 0).map((s) => t.scores.scoredLine(t.kinds[s.kind], s.scored)))}
        config={configs.scores}
        table={
          <Table
            caption={t.scores.title}
            head={[t.scores.bin, ...d.scoreDistribution.map((s) => t.kinds[s.kind])]}
            rows={bins.map((label, i) => [label, ...d.scoreDistribution.map((s) => s.bins[i] ?? 0)])}
          />
        }
      />
    </div>
  );
}

/** The admin's 概览: headline figures, then the charts of the current round. */
export function DashboardPanel() {
  // the season in the address (?season=): '' the current one
  const [params, setParams] = useSearchParams();
  const season = params.get('season') ?? '';
  const q = useQuery({
    queryKey: [...dashboardKeys.dashboard, season],
    queryFn: () => call(dashboardOps.dashboard, { programmeId: season || undefined }),
    // submissions and reviews keep coming in: read it afresh on every visit
    refetchOnMount: 'always',
  });
  const select = (
    <div className="qgw-cs-filters">
      <SeasonSelect value={season} onChange={(next) => setParams(next ? { season: next } : {}, { replace: true })} />
    </div>
  );
  if (q.isPending) return <>{select}<ConsoleLoading /></>;
  if (q.isError) return <>{select}<ConsoleError error={q.error} onRetry={() => void q.refetch()} /></>;
  const d = q.data;
  return (
    <section className="qgw-db" aria-label={t.title}>
      {select}
      <p className="qgw-db-facts">
        <span>{t.programme(d.programme.name, phaseLabels[d.programme.phase])}</span>
        <span>{t.asOf(d.today)}</span>
      </p>
      <Figures d={d} />
      <Charts d={d} />
    </section>
  );
}
