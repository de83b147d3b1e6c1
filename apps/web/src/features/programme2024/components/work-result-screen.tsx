import { useSearchParams } from 'react-router';
import { ErrorBlock } from 'antd-mobile';
import { Code, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { ApiFailure } from '../../../lib/request.js';
import { InfoRow } from '../../applications/index.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { useThemes, useWork } from '../hooks/use-works.js';
import { programmeStrings as t } from '../strings.js';
import { EntryPhotos, EntryVideo } from './entry-files.js';
import { ResultBody, ResultPlaceholder } from './entry-result.js';
import './programme.css';
import './results.css';

function WorkResult({ id }: { id: string }) {
  const work = useWork(id);
  const themes = useThemes();
  if (!id) return <ErrorBlock status="empty" title={t.workNotFound} description="" />;
  if (work.isPending) return <ResultPlaceholder state="loading" />;
  if (work.isError) {
    // someone else's work (or none) reads as not found; anything else may pass on a retry
    if (work.error instanceof ApiFailure && work.error.code === Code.NOT_FOUND) {
      return <ResultPlaceholder state="empty" emptyText={t.workNotFound} />;
    }
    return <ResultPlaceholder state="error" onRetry={() => void work.refetch()} />;
  }
  const view = work.data;
  const d = view.data;
  const theme = themes.data?.find((th) => th.id === d.themeId)?.name ?? '';
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: programmeKeys.work(id) }),
      queryClient.invalidateQueries({ queryKey: programmeKeys.works }),
      queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
    ]);
  const team = d.team ?? [];
  return (
    <ResultBody
      id={view.id}
      status={view.status}
      reason={view.reason}
      timeline={view.timeline}
      subtitle={d.title || t.untitledWork}
      onEdit={() => navigateTo(routes.apply.updateWork, { id: view.id })}
      onWithdrawn={() => void refresh()}
      details={
        <section className="qgw-p24-card" aria-label={t.workSection}>
          <h2 className="qgw-p24-card-title">{t.workSection}</h2>
          <dl>
            <InfoRow label={t.theme} value={theme} />
            <InfoRow label={t.workTitle} value={d.title} />
            <InfoRow label={t.workDescription} value={d.description} multiline />
            <InfoRow
              label={t.team}
              value={team.length ? team.map((m) => `${m.name}（${m.role}）`).join('、') : ''}
              multiline
            />
          </dl>
          {d.photos && d.photos.length > 0 && (
            <>
              <h3 className="qgw-p24-card-title">{t.photos}</h3>
              <EntryPhotos ids={d.photos} urls={view.fileUrls} alt={(n) => `${t.photos}${n}`} />
            </>
          )}
          {d.video && <EntryVideo id={d.video} urls={view.fileUrls} label={t.video} />}
        </section>
      }
    />
  );
}

/** pages/cxb2024/workResult?id=…: one work's state, details and timeline. */
export function WorkResultScreen() {
  const [params] = useSearchParams();
  return (
    <PageLayout title={t.workResultTitle}>
      <AuthGate>
        <WorkResult id={params.get('id') ?? ''} />
      </AuthGate>
    </PageLayout>
  );
}
