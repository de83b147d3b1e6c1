import { useSearchParams } from 'react-router';
import { Code, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { ApiFailure } from '../../../lib/request.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { useThemes, useWork } from '../hooks/use-works.js';
import { programmeStrings as t } from '../strings.js';
import { WorkDetails } from './entry-details.js';
import { ResultBody, ResultPlaceholder } from './entry-result.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
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
    return <ResultPlaceholder state="error" error={work.error} onRetry={() => void work.refetch()} />;
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
  return (
    <ResultBody
      id={view.id}
      status={view.status}
      reason={view.reason}
      timeline={view.timeline}
      subtitle={d.title || t.untitledWork}
      // a withdrawn work stays withdrawn: another work is added from the works list, not from here
      {...(view.status === 'withdrawn' ? {} : { onEdit: () => navigateTo(routes.apply.updateWork, { id: view.id }) })}
      onWithdrawn={() => void refresh()}
      // everything that was sent, as the preview showed it
      details={<WorkDetails data={d} themeName={theme} fileUrls={view.fileUrls} />}
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
