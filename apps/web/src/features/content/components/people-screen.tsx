import { Ellipsis } from 'antd-mobile';
import type { Leader, LeaderGroup } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { refreshFresh, useLeaders } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, ListSkeleton, Refreshable } from './list-states.js';
import { PersonAvatar } from './person-avatar.js';
import './content.css';

function PersonCard({ person }: { person: Leader }) {
  return (
    <li className="qgw-ct-card qgw-ct-person">
      <PersonAvatar name={person.name} photo={person.photoUrl} size="large" />
      <div className="qgw-ct-person-text">
        <h2 className="qgw-ct-person-name">{person.name}</h2>
        <p className="qgw-ct-person-title">{person.title}</p>
        {person.bio && (
          <Ellipsis className="qgw-ct-person-bio" content={person.bio} rows={3} expandText={t.expand} collapseText={t.collapse} />
        )}
      </div>
    </li>
  );
}

const titles: Record<LeaderGroup, { title: string; empty: string }> = {
  leadership: { title: t.leadersTitle, empty: t.leadersEmpty },
  secretariat: { title: t.secretariatTitle, empty: t.secretariatEmpty },
};

/** pages/article/leader and pages/article/secretary: people with photo (or initials), 职务 and bio. */
export function PeopleScreen({ group }: { group: LeaderGroup }) {
  const people = useLeaders(group);
  const { title, empty } = titles[group];
  let body;
  if (people.isPending) body = <ListSkeleton avatar />;
  else if (people.isError) body = <ListError error={people.error} onRetry={() => void refreshFresh(people.refetch)} />;
  else
    body = (
      <Refreshable onRefresh={() => refreshFresh(people.refetch)}>
        {people.data.items.length === 0 ? (
          <ListEmpty title={empty} />
        ) : (
          <ul className="qgw-ct-list" aria-label={title}>
            {people.data.items.map((p) => (
              <PersonCard key={p.id} person={p} />
            ))}
          </ul>
        )}
      </Refreshable>
    );
  return <PageLayout title={title}>{body}</PageLayout>;
}
