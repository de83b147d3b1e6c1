import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { useCompanyInfo } from '../hooks/use-entries.js';
import { programmeKeys } from '../hooks/use-programme.js';
import { programmeStrings as t } from '../strings.js';
import { CompanyDetails } from './entry-details.js';
import { ResultBody, ResultPlaceholder } from './entry-result.js';

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: programmeKeys.company }),
    queryClient.invalidateQueries({ queryKey: programmeKeys.applyStatus }),
  ]);

function CompanyResult() {
  const info = useCompanyInfo();
  if (info.isPending) return <ResultPlaceholder state="loading" />;
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const company = info.data.company;
  if (!company) {
    return (
      <ResultPlaceholder
        state="empty"
        emptyText={t.companyNone}
        emptyAction={{ text: t.goApply, onClick: () => navigateTo(routes.cxb2024.companyApply) }}
      />
    );
  }
  const d = company.data;
  return (
    <ResultBody
      id={company.id}
      status={company.status}
      reason={company.reason}
      timeline={company.timeline}
      subtitle={d.companyName}
      onEdit={() => navigateTo(routes.cxb2024.companyApply)}
      onWithdrawn={() => void refresh()}
      details={<CompanyDetails data={d} fileUrls={company.fileUrls} />}
    />
  );
}

/** pages/cxb2024/companyResult: the company entry's state, details and timeline. */
export function CompanyResultScreen() {
  return (
    <PageLayout title={t.companyResultTitle}>
      <AuthGate>
        <CompanyResult />
      </AuthGate>
    </PageLayout>
  );
}
