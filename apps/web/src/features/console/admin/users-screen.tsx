/**
 * The console's people list (/console/admin/users, admins): search by name or mobile, filter by role,
 * page on; 邀请成员 opens the invitation form. A user's own page is user-screen.tsx.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { adminLimits, roles as allRoles, type ConsoleRole, consoleRoles, type Role } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { showToast, toastError } from '../../../lib/toast.js';
import { fixedLengths } from '../../../lib/schema-limits.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { CheckboxField, ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, SelectField, TextInput } from '../components/console-ui.js';
import { consolePaths } from '../paths.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { adminStrings as t } from './strings.js';
import { UserMeta } from './user-meta.js';
import './console-admin.css';

/** 邀请成员: an account for a mobile with console roles; the person sets a password with the code sent. */
function InviteForm({ onInvited }: { onInvited(notice: string): void }) {
  const [mobile, setMobile] = useState('');
  const [roles, setRoles] = useState<ConsoleRole[]>(['reviewer']);
  const invite = useMutation({
    mutationFn: () => call(accessAdminOps.invite, { mobile, roles }),
    onSuccess: (res) => {
      showToast(res.notice, res.codeSent ? 2000 : 5000);
      setMobile('');
      onInvited(res.notice);
      void queryClient.invalidateQueries({ queryKey: ['console', 'admin', 'users'] });
    },
    onError: toastError,
  });
  return (
    <form
      className="qgw-cs-card qgw-cs-form qgw-cad-gap"
      aria-label={t.inviteHeading}
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate();
      }}
    >
      <h2 className="qgw-cs-label">{t.inviteHeading}</h2>
      <TextInput label={t.inviteMobile} value={mobile} onChange={setMobile} placeholder={t.inviteMobilePlaceholder} maxLength={fixedLengths.mobile} />
      <fieldset className="qgw-cs-fieldset">
        <legend className="qgw-cs-label">{t.inviteRoles}</legend>
        {consoleRoles.map((r) => (
          <CheckboxField
            key={r}
            label={t.roles[r]}
            checked={roles.includes(r)}
            onChange={(on) => setRoles(on ? consoleRoles.filter((x) => x === r || roles.includes(x)) : roles.filter((x) => x !== r))}
          />
        ))}
      </fieldset>
      <p className="qgw-cs-hint">{t.inviteHint}</p>
      <Button type="submit" color="primary" loading={invite.isPending}>
        {t.inviteSubmit}
      </Button>
    </form>
  );
}

function UsersList() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState('');
  const list = useInfiniteQuery({
    queryKey: adminKeys.users(q, role),
    queryFn: ({ pageParam }) => call(accessAdminOps.users, { q: q || undefined, role: role || undefined, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsolePage
      title={t.peopleTitle}
      actions={
        <Button size="small" color="primary" fill={inviting ? 'outline' : 'solid'} aria-expanded={inviting} onClick={() => setInviting(!inviting)}>
          {t.invite}
        </Button>
      }
    >
      {inviting && <InviteForm onInvited={setInvited} />}
      {invited && (
        <p className="qgw-cs-hint" role="status">
          {invited}
        </p>
      )}
      <form className="qgw-cs-card qgw-cs-form qgw-cs-inline" role="search" onSubmit={submit}>
        <TextInput label={t.search} type="search" value={draft} onChange={setDraft} placeholder={t.searchPlaceholder} maxLength={adminLimits.search.max} />
        <SelectField<Role | ''>
          label={t.roleFilter}
          value={role}
          options={[{ value: '', label: t.allRoles }, ...allRoles.map((r) => ({ value: r, label: t.roles[r] }))]}
          onChange={setRole}
        />
        <Button type="submit" color="primary">
          {t.searchButton}
        </Button>
      </form>
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.usersEmpty} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.peopleTitle}>
            {items.map((u) => (
              <li key={u.id} className="qgw-cs-row">
                <div className="qgw-cs-row-main">
                  <Link className="qgw-cs-row-title" to={consolePaths.adminUser(u.id)} state={{ user: u }} aria-label={t.open(u.nickname)}>
                    {u.nickname}
                  </Link>
                  <UserMeta user={u} />
                </div>
              </li>
            ))}
          </ul>
          <div className="qgw-cs-more">
            {list.hasNextPage ? (
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t.loadMore}
              </Button>
            ) : (
              <span className="qgw-cs-hint">{t.noMore}</span>
            )}
          </div>
        </>
      )}
    </ConsolePage>
  );
}

/** /console/admin/users */
export function UsersScreen() {
  return (
    <ConsoleAccessGate roles={['admin']}>
      <UsersList />
    </ConsoleAccessGate>
  );
}
