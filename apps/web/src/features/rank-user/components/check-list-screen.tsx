import { Button, DotLoading } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { routes, storageKeys, ZApplicationSummary, type ApplicationSummary } from '@qgw/contracts';
import { z } from 'zod';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { applicationScreenOf } from '../../../lib/application-screens.js';
import { navigateTo } from '../../../lib/navigation.js';
import { getJson } from '../../../lib/storage.js';
import { formatDateTime, StatusBadge } from '../../../components/ui/application-status.js';
import { applicationStrings, useMyApplications } from '../../applications/index.js';
import { useOpenPersonalInfo } from '../hooks/use-lookup.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { rankUserStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './rank-user.css';

/** applyDetail as the look-up stored it (postList); anything else is an empty list. */
export function storedPostList(): ApplicationSummary[] {
  const parsed = z.array(ZApplicationSummary).safeParse(getJson<unknown>(storageKeys.applyDetail));
  return parsed.success ? parsed.data : [];
}

function ApplicationList() {
  const mine = useMyApplications(storedPostList());
  const detail = useOpenPersonalInfo();
  const open = (item: ApplicationSummary) => {
    if (item.kind === 'rank_user') void detail.run();
    else navigateTo(...applicationScreenOf(item));
  };
  if (mine.isPending) {
    return (
      <div className="qgw-ru-empty" role="status">
        <DotLoading color="primary" />
        <span className="qgw-visually-hidden">{t.loading}</span>
      </div>
    );
  }
  // what stood in while loading is not the list: a failure says what happened, whatever was stored
  if (mine.isError) return <LoadError error={mine.error} title={t.listFailed} onRetry={() => void mine.refetch()} />;
  const list = mine.data;
  if (list.length === 0) {
    return (
      <div className="qgw-ru-empty">
        <ErrorBlock status="empty" title={t.listEmpty} description={t.listEmptyHint} />
        <Button color="primary" shape="rounded" onClick={() => navigateTo(routes.cxb.process)}>
          {t.listApply}
        </Button>
      </div>
    );
  }
  return (
    <section className="qgw-ru-apps" aria-label={t.listHeading}>
      <h1 className="qgw-ru-apps-heading">{t.listHeading}</h1>
      {bySeason(list).map(([year, items]) => (
        <section key={year ?? 'none'} className="qgw-ru-season" aria-label={year === null ? t.seasonlessHeading : t.seasonHeading(year)}>
          <h2 className="qgw-ru-season-heading">{year === null ? t.seasonlessHeading : t.seasonHeading(year)}</h2>
          <AppList items={items} open={open} pending={detail.pending} />
        </section>
      ))}
    </section>
  );
}

/**
 * Entries by the season they were entered in, newest season first; what belongs to no season
 * (membership) last. A list stored before seasons (no seasonYear) counts as one group of its own.
 */
function bySeason(list: readonly ApplicationSummary[]): Array<[number | null, ApplicationSummary[]]> {
  const groups = new Map<number | null, ApplicationSummary[]>();
  for (const item of list) {
    const year = item.seasonYear ?? null;
    groups.set(year, [...(groups.get(year) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : b - a));
}

function AppList({ items, open, pending }: { items: ApplicationSummary[]; open: (item: ApplicationSummary) => void; pending: boolean }) {
  return (
      <ul className="qgw-ru-app-list">
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" className="qgw-ru-app" onClick={() => open(item)} disabled={pending}>
              <span className="qgw-ru-app-main">
                <span className="qgw-ru-app-kind">{applicationStrings.kindLabels[item.kind]}</span>
                <span className="qgw-ru-app-title">{item.title}</span>
                <span className="qgw-ru-app-time">
                  {item.submittedAt
                    ? `${t.submittedAt} ${formatDateTime(item.submittedAt)}`
                    : `${t.updatedAt} ${formatDateTime(item.updatedAt)}`}
                </span>
                {item.reason && (item.status === 'returned' || item.status === 'rejected') && (
                  <span className="qgw-ru-app-reason">
                    {t.reasonLabel}：{item.reason}
                  </span>
                )}
              </span>
              <StatusBadge status={item.status} />
              <RightOutline className="qgw-ru-link-arrow" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
  );
}

/** pages/cxbCheck/index: the user's applications (applyDetail = postList) with their states. */
export function CheckListScreen() {
  return (
    <PageLayout title={t.listTitle}>
      <AuthGate>
        <ApplicationList />
      </AuthGate>
    </PageLayout>
  );
}
