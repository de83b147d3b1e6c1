import { Button, ErrorBlock } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { routes, storageKeys, ZApplicationSummary, type ApplicationSummary } from '@qgw/contracts';
import { z } from 'zod';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { navigateTo, type RouteParams } from '../../../lib/navigation.js';
import { getJson } from '../../../lib/storage.js';
import { formatDateTime, StatusBadge } from '../../../components/ui/application-status.js';
import { applicationStrings } from '../../applications/index.js';
import { useOpenPersonalInfo } from '../hooks/use-lookup.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

/** applyDetail as the look-up stored it (postList); anything else is an empty list. */
export function storedPostList(): ApplicationSummary[] {
  const parsed = z.array(ZApplicationSummary).safeParse(getJson<unknown>(storageKeys.applyDetail));
  return parsed.success ? parsed.data : [];
}

/** Where an application of another kind is shown. */
const pageOfKind: Partial<Record<ApplicationSummary['kind'], [Parameters<typeof navigateTo>[0], RouteParams?]>> = {
  membership: [routes.member.detail],
  person: [routes.cxb2024.personResult],
  company: [routes.cxb2024.companyResult],
  work: [routes.apply.index],
};

function ApplicationList() {
  const list = storedPostList();
  const detail = useOpenPersonalInfo();
  const open = (item: ApplicationSummary) => {
    if (item.kind === 'rank_user') void detail.run();
    else {
      const target = pageOfKind[item.kind];
      if (target) navigateTo(target[0], target[1]);
    }
  };
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
      <ul className="qgw-ru-app-list">
        {list.map((item) => (
          <li key={item.id}>
            <button type="button" className="qgw-ru-app" onClick={() => open(item)} disabled={detail.pending}>
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
    </section>
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
