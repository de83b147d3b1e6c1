import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { routes, type DirectoryMember } from '@qgw/contracts';
import { buildPath } from '../../../lib/navigation.js';
import { PersonAvatar } from './person-avatar.js';
import './content.css';
import './directory.css';

/** A directory member in a list: photo or initials, name, and what they published of unit and 职务. */
export function MemberRow({ member, showSubdivision = true, showRegion = true }: { member: DirectoryMember; showSubdivision?: boolean; showRegion?: boolean }) {
  const line = [member.organization, member.title].filter(Boolean).join(' · ');
  // a tag that repeats the group heading above the row says nothing
  const tags = [showSubdivision ? member.subdivisionName : null, showRegion ? member.region : null].filter(Boolean);
  return (
    <li>
      <Link to={buildPath(routes.memberlist.detail, { id: member.id })} className="qgw-ct-member">
        <PersonAvatar name={member.name} photo={member.photoUrl} />
        <span className="qgw-ct-member-text">
          <span className="qgw-ct-member-name">{member.name}</span>
          {line && <span className="qgw-ct-member-line">{line}</span>}
          {tags.length > 0 && (
            <span className="qgw-ct-member-tags">
              {tags.map((tag) => (
                <span key={tag} className="qgw-ct-chip">
                  {tag}
                </span>
              ))}
            </span>
          )}
        </span>
        <RightOutline className="qgw-ct-card-arrow" aria-hidden="true" />
      </Link>
    </li>
  );
}
