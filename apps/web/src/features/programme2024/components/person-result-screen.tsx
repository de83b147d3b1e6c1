import { genderLabels, maskIdNumber, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { InfoRow } from '../../applications/index.js';
import { usePersonInfo } from '../hooks/use-entries.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import { ResultBody, ResultPlaceholder } from './entry-result.js';
import { EntryPhoto } from './entry-files.js';

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: programmeKeys.person }),
    queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
  ]);

function PersonResult() {
  const info = usePersonInfo();
  if (info.isPending) return <ResultPlaceholder state="loading" />;
  if (info.isError) return <ResultPlaceholder state="error" onRetry={() => void info.refetch()} />;
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
  const d = person.data;
  const gender = d.gender ? genderLabels[d.gender] : '';
  return (
    <ResultBody
      id={person.id}
      status={person.status}
      reason={person.reason}
      timeline={person.timeline}
      onEdit={() => navigateTo(routes.cxb2024.information)}
      onWithdrawn={() => void refresh()}
      details={
        <section className="qgw-p24-card" aria-label={t.personEntry}>
          <h2 className="qgw-p24-card-title">{t.personEntry}</h2>
          <dl>
            <InfoRow label={t.name} value={d.name} />
            <InfoRow label={t.gender} value={gender} />
            <InfoRow label={t.idNumber} value={d.idNumber ? maskIdNumber(d.idNumber) : ''} />
            <InfoRow label={t.organization} value={d.organization} />
            <InfoRow label={t.position} value={d.position} />
            <InfoRow label={t.region} value={d.region} />
            {d.photo && <InfoRow label={t.photo} value={<EntryPhoto id={d.photo} urls={person.fileUrls} alt={t.photo} />} />}
          </dl>
        </section>
      }
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
