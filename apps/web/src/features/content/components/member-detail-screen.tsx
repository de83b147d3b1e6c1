import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { buildPath } from '../../../lib/navigation.js';
import { ApiFailure } from '../../../lib/request.js';
import { refreshFresh, useMember } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, Refreshable } from './list-states.js';
import { PersonAvatar } from './person-avatar.js';
import './content.css';
import './directory.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="qgw-ct-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MemberProfile({ id }: { id: string }) {
  const member = useMember(id);
  if (member.isPending) {
    return (
      <div className="qgw-ct-profile" role="status" aria-label={t.loading}>
        <Skeleton animated className="qgw-ct-skeleton-avatar qgw-ct-skeleton-avatar-large" />
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (member.isError) {
    if (member.error instanceof ApiFailure) return <ListEmpty title={t.notFound} hint={t.notFoundHint} />;
    return <ListError error={member.error} onRetry={() => void refreshFresh(member.refetch)} />;
  }
  const m = member.data;
  return (
    <Refreshable onRefresh={() => refreshFresh(member.refetch)}>
      <header className="qgw-ct-profile">
        <PersonAvatar name={m.name} photo={m.photoUrl} size="large" />
        <h1 className="qgw-ct-profile-name">{m.name}</h1>
        {(m.organization || m.title) && (
          <p className="qgw-ct-profile-line">{[m.organization, m.title].filter(Boolean).join(' · ')}</p>
        )}
      </header>
      <dl className="qgw-ct-fields">
        <Field label={t.memberSubdivision}>
          {m.subdivisionId && m.subdivisionName ? (
            <Link to={buildPath(routes.article.subdivisions, { id: m.subdivisionId })}>{m.subdivisionName}</Link>
          ) : (
            t.noSubdivision
          )}
        </Field>
        <Field label={t.memberRegion}>{m.region || t.noRegion}</Field>
        {m.organization && <Field label={t.memberOrganization}>{m.organization}</Field>}
        {m.title && <Field label={t.memberPosition}>{m.title}</Field>}
      </dl>
      {m.bio && (
        <section className="qgw-ct-section" aria-labelledby="qgw-ct-member-bio">
          <h2 id="qgw-ct-member-bio" className="qgw-ct-section-title">
            {t.memberBio}
          </h2>
          <p className="qgw-ct-bio">{m.bio}</p>
        </section>
      )}
      <p className="qgw-ct-privacy">{t.memberPrivacy}</p>
    </Refreshable>
  );
}

/** pages/memberlist/detail?id=: a member's public profile (only what they agreed to publish). */
export function MemberDetailScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <PageLayout title={t.memberTitle}>
      {id ? <MemberProfile id={id} /> : <ListEmpty title={t.notFound} hint={t.notFoundHint} />}
    </PageLayout>
  );
}
