import { genderLabels, maskIdNumber, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { queryClient } from '../../../lib/query-client.js';
import { navigateTo } from '../../../lib/navigation.js';
import { InfoRow } from '../../applications/index.js';
import { EntryPhoto, programmeStrings as p, ResultBody, ResultPlaceholder } from '../../programme2024/index.js';
import { memberInfoKey, useMemberInfo } from '../hooks/use-member.js';
import { memberStrings as t } from '../strings.js';

function MemberDetail() {
  const info = useMemberInfo();
  if (info.isPending) return <ResultPlaceholder state="loading" />;
  if (info.isError) return <ResultPlaceholder state="error" error={info.error} onRetry={() => void info.refetch()} />;
  const member = info.data.member;
  if (!member) {
    return (
      <ResultPlaceholder
        state="empty"
        emptyText={t.none}
        emptyAction={{ text: t.apply, onClick: () => navigateTo(routes.member.index) }}
      />
    );
  }
  const d = member.data;
  return (
    <ResultBody
      inProgramme={false}
      id={member.id}
      status={member.status}
      reason={member.reason}
      timeline={member.timeline}
      onEdit={() => navigateTo(routes.member.index)}
      editText={t.edit}
      withdrawText={t.withdraw}
      explanations={t.statusExplanations}
      onWithdrawn={() => void queryClient.invalidateQueries({ queryKey: memberInfoKey })}
      details={
        <section className="qgw-p24-card" aria-label={t.memberInfo}>
          <h2 className="qgw-p24-card-title">{t.memberInfo}</h2>
          <dl>
            <InfoRow label={p.name} value={d.name} />
            <InfoRow label={p.gender} value={d.gender ? genderLabels[d.gender] : ''} />
            <InfoRow label={p.idNumber} value={d.idNumber ? maskIdNumber(d.idNumber) : ''} />
            <InfoRow label={p.organization} value={d.organization} />
            <InfoRow label={p.position} value={d.position} />
            <InfoRow label={t.subdivisionShort} value={d.subdivision} />
            <InfoRow label={t.reason} value={d.reason} multiline />
            {d.photo && <InfoRow label={t.photo} value={<EntryPhoto id={d.photo} urls={member.fileUrls} alt={t.photo} />} />}
          </dl>
        </section>
      }
    />
  );
}

/** pages/member/detail: the membership application's state, details and timeline. */
export function MemberDetailScreen() {
  return (
    <PageLayout title={t.detailTitle}>
      <AuthGate>
        <MemberDetail />
      </AuthGate>
    </PageLayout>
  );
}
