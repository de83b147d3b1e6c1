import type { ConsoleUser } from '@qgw/contracts';
import { adminStrings as t } from './strings.js';

/**
 * A user's mobile, roles, status, second factor and organisation: one line, the same on the people
 * list's rows (users-screen.tsx) and at the top of a user's page (user-screen.tsx).
 */
export function UserMeta({ user }: { user: ConsoleUser }) {
  return (
    <span className="qgw-cs-row-meta">
      <span>{user.mobileMasked}</span>
      <span>{user.roles.map((r) => t.roles[r]).join('、')}</span>
      <span>{user.status === 'active' ? t.statusActive : t.statusDisabled}</span>
      <span>{user.mfaEnrolled ? t.mfaOn : t.mfaOff}</span>
      {user.organization && <span>{user.organization}</span>}
    </span>
  );
}
