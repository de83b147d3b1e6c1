import { Button, DotLoading } from 'antd-mobile';
import { routes, storageKeys, ZRankUserInfoResponse } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { navigateTo } from '../../../lib/navigation.js';
import { getJson } from '../../../lib/storage.js';
import { StatusBadge, StatusTimeline } from '../../../components/ui/application-status.js';
import type { RankUserInfo } from '../api/operations.js';
import { useRankUserInfo } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { RankUserDetails } from './rank-user-details.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './rank-user.css';

/** applyDetail as the single fetch stored it ({rankUser}); shown at once while a fresh copy loads. */
export function storedInfo(): RankUserInfo | null {
  const parsed = ZRankUserInfoResponse.safeParse(getJson<unknown>(storageKeys.applyDetail));
  return parsed.success ? parsed.data : null;
}

function Details() {
  const info = useRankUserInfo();
  const app = info.data?.rankUser ?? (info.isPending ? storedInfo()?.rankUser : null) ?? null;
  if (!app) {
    if (info.isPending) {
      return (
        <div className="qgw-ru-loading" role="status">
          <DotLoading color="primary" />
          <span>{t.loading}</span>
        </div>
      );
    }
    if (info.isError) return <LoadError error={info.error} title={t.infoFailed} onRetry={() => void info.refetch()} />;
    return (
      <div className="qgw-ru-empty">
        <ErrorBlock status="empty" title={t.infoEmpty} />
      </div>
    );
  }
  return (
    <>
      <div className="qgw-ru-info-head">
        <h1 className="qgw-ru-info-name">{app.data.name}</h1>
        <StatusBadge status={app.status} />
      </div>
      <RankUserDetails
        data={app.data}
        fileUrls={app.fileUrls}
        maskId
        withVideo={false}
        extra={
          app.data.video ? (
            <Button block shape="rounded" className="qgw-ru-watch" onClick={() => navigateTo(routes.cxbCheck.videoInfo)}>
              {t.watchVideo}
            </Button>
          ) : undefined
        }
      />
      {app.status === 'returned' && (
        <div className="qgw-ru-bottom">
          <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxbApplication.index)}>
            {t.fixApplication}
          </Button>
        </div>
      )}
      <StatusTimeline entries={app.timeline} />
    </>
  );
}

/** pages/cxbCheck/personalInfo: the application after the single fetch, ID number masked. */
export function PersonalInfoScreen() {
  return (
    <PageLayout title={t.infoTitle}>
      <AuthGate>
        <Details />
      </AuthGate>
    </PageLayout>
  );
}
