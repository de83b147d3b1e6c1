import { DotLoading } from 'antd-mobile';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { FormSection, InfoList, InfoRow } from '../../applications/index.js';
import { useRankUserInfo } from '../hooks/use-rank-user.js';
import { rankUserStrings as t } from '../strings.js';
import { storedInfo } from './personal-info-screen.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './rank-user.css';

function Player() {
  const info = useRankUserInfo();
  const app = info.data?.rankUser ?? (info.isPending ? storedInfo()?.rankUser : null) ?? null;
  if (!app && info.isPending) {
    return (
      <div className="qgw-ru-loading" role="status">
        <DotLoading color="primary" />
        <span>{t.loading}</span>
      </div>
    );
  }
  // the signed address comes only with a fresh copy: without it there is nothing to play
  if (info.isError) return <LoadError error={info.error} title={t.videoFailed} onRetry={() => void info.refetch()} />;
  const videoId = app?.data.video;
  // the signed URL comes with the freshly fetched application; a stored one may have expired
  const src = videoId ? info.data?.rankUser?.fileUrls[videoId] : undefined;
  return (
    <>
      <section className="qgw-ru-player">
        {src ? (
          <video className="qgw-ru-player-video" src={src} controls playsInline preload="metadata" aria-label={t.videoTitle}>
            {t.videoUnsupported}
          </video>
        ) : info.isPending ? (
          <div className="qgw-ru-loading" role="status">
            <DotLoading color="primary" />
          </div>
        ) : (
          <ErrorBlock status="empty" title={t.noVideo} />
        )}
      </section>
      {app && (
        <FormSection title={app.data.name ?? t.sectionStory}>
          <InfoList>
            <InfoRow label={t.intro} value={app.data.intro} multiline />
            <InfoRow label={t.achievements} value={app.data.achievements} multiline />
          </InfoList>
        </FormSection>
      )}
    </>
  );
}

/** pages/cxbCheck/videoInfo: the introduction video, played from its signed URL. */
export function VideoInfoScreen() {
  return (
    <PageLayout title={t.videoTitle}>
      <AuthGate>
        <Player />
      </AuthGate>
    </PageLayout>
  );
}
