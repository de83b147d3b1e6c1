import { Link, useSearchParams } from 'react-router';
import { Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { buildPath } from '../../../lib/navigation.js';
import { ApiFailure } from '../../../lib/request.js';
import { refreshFresh, useSubdivision, useSubdivisions } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, ListSkeleton, Refreshable } from './list-states.js';
import { MemberRow } from './member-row.js';
import './content.css';

function SubdivisionList() {
  const list = useSubdivisions();
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void refreshFresh(list.refetch)} />;
  return (
    <Refreshable onRefresh={() => refreshFresh(list.refetch)}>
      {list.data.items.length === 0 ? (
        <ListEmpty title={t.subdivisionsEmpty} />
      ) : (
        <ul className="qgw-ct-list" aria-label={t.subdivisionsTitle}>
          {list.data.items.map((s) => (
            <li key={s.id}>
              <Link to={buildPath(routes.article.subdivisions, { id: s.id })} className="qgw-ct-card qgw-ct-subdivision">
                <span className="qgw-ct-subdivision-mark" aria-hidden="true">
                  {Array.from(s.name)[0]}
                </span>
                <span className="qgw-ct-subdivision-text">
                  <span className="qgw-ct-card-title">{s.name}</span>
                  {s.description && <span className="qgw-ct-card-summary">{s.description}</span>}
                  <span className="qgw-ct-card-meta">{t.memberCount(s.memberCount)}</span>
                </span>
                <RightOutline className="qgw-ct-card-arrow" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Refreshable>
  );
}

function SubdivisionDetail({ id }: { id: string }) {
  const one = useSubdivision(id);
  if (one.isPending) {
    return (
      <div className="qgw-ct-article" role="status" aria-label={t.loading}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  if (one.isError) {
    if (one.error instanceof ApiFailure) return <ListEmpty title={t.notFound} hint={t.notFoundHint} />;
    return <ListError error={one.error} onRetry={() => void refreshFresh(one.refetch)} />;
  }
  const s = one.data;
  return (
    <Refreshable onRefresh={() => refreshFresh(one.refetch)}>
      <header className="qgw-ct-subdivision-hero">
        <h1 className="qgw-ct-subdivision-name">{s.name}</h1>
        <p className="qgw-ct-subdivision-count">{t.memberCount(s.memberCount)}</p>
        {s.description && <p className="qgw-ct-subdivision-desc">{s.description}</p>}
      </header>
      <section className="qgw-ct-section" aria-labelledby="qgw-ct-sub-members">
        <h2 id="qgw-ct-sub-members" className="qgw-ct-section-title">
          {t.subdivisionMembers}
        </h2>
        {s.members.length === 0 ? (
          <ListEmpty title={t.subdivisionNoMembers} />
        ) : (
          <ul className="qgw-ct-members">
            {s.members.map((m) => (
              <MemberRow key={m.id} member={m} showSubdivision={false} />
            ))}
          </ul>
        )}
        {s.memberCount > s.members.length && (
          <Link className="qgw-ct-see-all" to={buildPath(routes.memberlist.index, { subdivisionId: s.id })}>
            {t.subdivisionAllMembers(s.memberCount)}
          </Link>
        )}
      </section>
    </Refreshable>
  );
}

/** pages/article/subdivisions: the subdivisions; ?id= one subdivision with its members. */
export function SubdivisionsScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <PageLayout title={t.subdivisionsTitle}>{id ? <SubdivisionDetail id={id} /> : <SubdivisionList />}</PageLayout>
  );
}
