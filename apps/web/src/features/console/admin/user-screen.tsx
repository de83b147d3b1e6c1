/**
 * One user's page in the console (/console/admin/users/:id, admins): roles, a reviewer's
 * organisation, disabling, resetting the second factor and sending a password-reset code. The list
 * that opens it is users-screen.tsx.
 */
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminLimits, roles as allRoles, type ConsoleUser, type Role } from '@qgw/contracts';
import { queryClient } from '../../../lib/query-client.js';
import { call } from '../../../lib/request.js';
import { showToast, toastError } from '../../../lib/toast.js';
import { formatDate } from '../../../lib/format.js';
import { ConsoleAccessGate } from '../access/console-access-gate.js';
import { CheckboxField, ConsoleLoading, ConsolePage, TextInput } from '../components/console-ui.js';
import { consolePaths } from '../paths.js';
import { accessAdminOps, adminKeys } from './api/operations.js';
import { adminStrings as t } from './strings.js';
import { UserMeta } from './user-meta.js';
import './console-admin.css';

function useUserAction<Vars>(fn: (vars: Vars) => Promise<ConsoleUser>, setUser: (u: ConsoleUser) => void, success: string) {
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      setUser(user);
      showToast(success);
      void queryClient.invalidateQueries({ queryKey: ['console', 'admin', 'users'] });
    },
    onError: toastError,
  });
}

function UserDetail({ initial }: { initial: ConsoleUser }) {
  const [user, setUser] = useState(initial);
  const [roles, setRoles] = useState<Role[]>(initial.roles);
  const [organization, setOrganization] = useState(initial.organization ?? '');
  const saveRoles = useUserAction(() => call(accessAdminOps.roles, { userId: user.id, roles }), setUser, t.rolesSaved);
  const saveOrg = useUserAction(() => call(accessAdminOps.reviewerProfile, { userId: user.id, organization }), setUser, t.saved);
  const resetMfa = useUserAction(() => call(accessAdminOps.resetMfa, { userId: user.id }), setUser, t.resetMfaDone);
  const [codeNotice, setCodeNotice] = useState('');
  const sendResetCode = useMutation({
    mutationFn: () => call(accessAdminOps.sendResetCode, { userId: user.id }),
    onSuccess: (res) => {
      setCodeNotice(res.notice);
      showToast(res.notice);
    },
    onError: (error) => {
      setCodeNotice(error instanceof Error ? error.message : '');
      toastError(error);
    },
  });
  const toggle = useMutation({
    mutationFn: (disabled: boolean) => call(accessAdminOps.disable, { userId: user.id, disabled }),
    onSuccess: (res) => {
      setUser(res.user);
      showToast(res.user.status === 'disabled' ? t.disabled(res.sessionsEnded) : t.enabled);
      void queryClient.invalidateQueries({ queryKey: ['console', 'admin', 'users'] });
    },
    onError: toastError,
  });
  const confirm = async (content: string, confirmText: string, run: () => void) => {
    if (await Dialog.confirm({ content, confirmText, cancelText: t.cancel })) run();
  };
  const active = user.status === 'active';
  return (
    <ConsolePage title={user.nickname} actions={<Link to={consolePaths.adminUsers}>{t.backToUsers}</Link>}>
      <div className="qgw-cs-card qgw-cad-user">
        <UserMeta user={user} />
        <p className="qgw-cs-hint">{t.joinedAt(formatDate(user.createdAt))}</p>
      </div>
      <form
        className="qgw-cs-card qgw-cs-form qgw-cad-gap"
        onSubmit={(e) => {
          e.preventDefault();
          saveRoles.mutate(undefined);
        }}
      >
        <fieldset className="qgw-cs-fieldset">
          <legend className="qgw-cs-label">{t.rolesHeading}</legend>
          {allRoles.map((r) => (
            <CheckboxField
              key={r}
              label={t.roles[r]}
              checked={roles.includes(r)}
              onChange={(on) => setRoles(on ? allRoles.filter((x) => x === r || roles.includes(x)) : roles.filter((x) => x !== r))}
            />
          ))}
        </fieldset>
        <Button type="submit" color="primary" loading={saveRoles.isPending}>
          {t.saveRoles}
        </Button>
      </form>
      <form
        className="qgw-cs-card qgw-cs-form qgw-cad-gap"
        onSubmit={(e) => {
          e.preventDefault();
          saveOrg.mutate(undefined);
        }}
      >
        <h2 className="qgw-cs-label">{t.organizationHeading}</h2>
        <TextInput label={t.organization} value={organization} onChange={setOrganization} hint={t.organizationHint} maxLength={adminLimits.organization.max} />
        <Button type="submit" color="primary" loading={saveOrg.isPending}>
          {t.save}
        </Button>
      </form>
      <div className="qgw-cs-card qgw-cs-form-actions qgw-cad-user qgw-cad-gap">
        <h2 className="qgw-cs-label">{t.accountHeading}</h2>
        <Button
          color={active ? 'danger' : 'primary'}
          fill="outline"
          loading={toggle.isPending}
          onClick={() =>
            void confirm(active ? t.disableConfirm(user.nickname) : t.enableConfirm(user.nickname), active ? t.disable : t.enable, () =>
              toggle.mutate(active),
            )
          }
        >
          {active ? t.disable : t.enable}
        </Button>
        <Button
          fill="outline"
          loading={resetMfa.isPending}
          onClick={() => void confirm(t.resetMfaConfirm(user.nickname), t.resetMfa, () => resetMfa.mutate(undefined))}
        >
          {t.resetMfa}
        </Button>
        <Button
          fill="outline"
          disabled={!active}
          loading={sendResetCode.isPending}
          onClick={() => void confirm(t.sendResetCodeConfirm(user.nickname), t.sendResetCodeConfirmButton, () => sendResetCode.mutate())}
        >
          {t.sendResetCode}
        </Button>
        {codeNotice && (
          <p className="qgw-cs-hint" role="status">
            {codeNotice}
          </p>
        )}
      </div>
    </ConsolePage>
  );
}

/** A user the list handed over, or — opened from a link or reloaded — read afresh by id. */
function UserLoader({ id, handed }: { id: string; handed: ConsoleUser | null }) {
  const one = useQuery({
    queryKey: adminKeys.user(id),
    queryFn: () => call(accessAdminOps.user, { userId: id }),
    enabled: handed === null,
    retry: false,
  });
  const user = handed ?? one.data ?? null;
  if (user) return <UserDetail key={user.id} initial={user} />;
  return (
    <ConsolePage title={t.userTitle}>
      {one.isPending ? (
        <ConsoleLoading />
      ) : (
        <div className="qgw-cs-card qgw-cs-state">
          <p>{one.error instanceof Error ? one.error.message : t.userMissing}</p>
          <Link to={consolePaths.adminUsers}>{t.backToUsers}</Link>
        </div>
      )}
    </ConsolePage>
  );
}

/** /console/admin/users/:id — opened from the list, which hands the user over, or on its own. */
export function UserScreen() {
  const { id = '' } = useParams();
  const state = useLocation().state as { user?: ConsoleUser } | null;
  const handed = state?.user && state.user.id === id ? state.user : null;
  return (
    <ConsoleAccessGate roles={['admin']}>
      <UserLoader key={id} id={id} handed={handed} />
    </ConsoleAccessGate>
  );
}
