import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { usePersonInfo } from '../hooks/use-entries.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import { ResultBody, ResultPlaceholder } from './entry-result.js';
import { PersonDetails } from './entry-details.js';

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: programmeKeys.person }),
    queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
  ]);

function PersonResult() {
  const info = usePersonInfo();
  if (info.isPending) return <ResultPlaceholder state="loading" />;
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const person = info.data.person;
  if (!person) {
    return (
      <ResultPlaceholder
        state="empty"
        emptyText={t.personNone}
        emptyAction={{ text: t.goApply, onClick: () => navigateTo(routes.cxb2024.personApply) }}
      />
    );
  }
  return (
    <ResultBody
      id={person.id}
      status={person.status}
      reason={person.reason}
      timeline={person.timeline}
      onEdit={() => navigateTo(routes.cxb2024.information)}
      onWithdrawn={() => void refresh()}
      // everything that was sent, as the preview showed it (the ID number masked)
      details={<PersonDetails data={person.data} fileUrls={person.fileUrls} maskId />}
    />
  );
}

/** pages/cxb2024/personResult: the person entry's state, what comes next, details and timeline. */
export function PersonResultScreen() {
  return (
    <PageLayout title={t.personResultTitle}>
      <AuthGate>
        <PersonResult />
      </AuthGate>
    </PageLayout>
  );
}
