import type { ChartConfiguration } from 'chart.js';
import { applicationStatuses, type ConsoleDashboardResponse, dashboardKinds, dashboardLimits, statusLabels } from '@qgw/contracts';
import { dashboardStrings as t } from '../strings.js';

type Bar = ChartConfiguration<'bar'>;
type Dashboard = ConsoleDashboardResponse;

/** Distinguishable on white and for the common colour-vision deficiencies (Okabe–Ito). */
const palette = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];

const base = (stacked = false, horizontal = false): Bar['options'] => ({
  responsive: true,
  maintainAspectRatio: false,
  indexAxis: horizontal ? 'y' : 'x',
  scales: {
    x: { stacked, beginAtZero: true, ticks: { precision: 0 } },
    y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
  },
  plugins: { legend: { position: 'bottom' } },
});

/** MM-DD: the month is enough within 90 days, and the axis stays readable. */
export const shortDay = (day: string) => day.slice(5);

export function perDayChart(d: Dashboard): Bar {
  return {
    type: 'bar',
    data: {
      labels: d.submissionsPerDay.map((x) => shortDay(x.day)),
      datasets: [{ label: t.count, data: d.submissionsPerDay.map((x) => x.count), backgroundColor: palette[0] }],
    },
    options: { ...base(), plugins: { legend: { display: false } } },
  };
}

/** The statuses that occur, in lifecycle order. */
export const statusesPresent = (d: Dashboard) => applicationStatuses.filter((s) => d.byKindStatus.some((c) => c.status === s));
export const countOf = (d: Dashboard, kind: string, status: string) => d.byKindStatus.find((c) => c.kind === kind && c.status === status)?.count ?? 0;

export function kindStatusChart(d: Dashboard): Bar {
  return {
    type: 'bar',
    data: {
      labels: dashboardKinds.map((k) => t.kinds[k]),
      datasets: statusesPresent(d).map((s, i) => ({
        label: statusLabels[s],
        data: dashboardKinds.map((k) => countOf(d, k, s)),
        backgroundColor: palette[i % palette.length],
      })),
    },
    options: base(true),
  };
}

/** The top regions, then the rest and the unfilled when there are any. */
export function regionRows(d: Dashboard): { label: string; count: number }[] {
  const rows = d.regions.top.map((r) => ({ label: r.region, count: r.count }));
  if (d.regions.other > 0) rows.push({ label: t.regions.other, count: d.regions.other });
  if (d.regions.unknown > 0) rows.push({ label: t.regions.unknown, count: d.regions.unknown });
  return rows;
}

export function regionsChart(d: Dashboard): Bar {
  const rows = regionRows(d);
  return {
    type: 'bar',
    data: { labels: rows.map((r) => r.label), datasets: [{ label: t.count, data: rows.map((r) => r.count), backgroundColor: palette[2] }] },
    options: { ...base(false, true), plugins: { legend: { display: false } } },
  };
}

export const progressSeries = ['inReview', 'assigned', 'reviewed', 'needingReviewers'] as const;

export function progressChart(d: Dashboard): Bar {
  return {
    type: 'bar',
    data: {
      labels: d.reviewProgress.map((p) => t.kinds[p.kind]),
      datasets: progressSeries.map((key, i) => ({
        label: t.progress.series[key],
        data: d.reviewProgress.map((p) => p[key]),
        backgroundColor: key === 'needingReviewers' ? palette[5] : palette[i % palette.length],
      })),
    },
    options: base(),
  };
}

export const binLabels = (bins: number) =>
  Array.from({ length: bins }, (_, i) => t.scores.binLabel(i * dashboardLimits.scoreBin, (i + 1) * dashboardLimits.scoreBin, i === bins - 1));

export function scoresChart(d: Dashboard): Bar {
  const bins = d.scoreDistribution[0]?.bins.length ?? 0;
  return {
    type: 'bar',
    data: {
      labels: binLabels(bins),
      datasets: d.scoreDistribution.map((s, i) => ({ label: t.kinds[s.kind], data: s.bins, backgroundColor: palette[i % palette.length] })),
    },
    options: base(),
  };
}
