import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Dialog } from 'antd-mobile';
import {
  CheckShieldOutline, FileOutline, LockOutline, PhonebookOutline, RightOutline, TeamOutline, UserCircleOutline, UserOutline, UserSetOutline,
} from 'antd-mobile-icons';
import { accountRoutes, maskMobile, routes, storageKeys } from '@qgw/contracts';
import { TabLayout } from '../../../components/layouts/tab-layout.js';
import { buildPath, navigateTo } from '../../../lib/navigation.js';
import { getString, readUserInfo } from '../../../lib/storage.js';
import { assetUrl } from '../../../lib/request.js';
import { isLoggedIn, useSession } from '../../../stores/session.js';
import { useLogout } from '../hooks/use-auth.js';
import { useUserInfo } from '../hooks/use-profile.js';
import { accountRightsStrings, accountStrings as t } from '../strings.js';
import { Avatar } from './avatar.js';
import { consoleEntry, hasConsoleRole } from '../../console/index.js';
import { useRankUserLookup } from '../../rank-user/index.js';
import { NotificationsEntry } from '../../notifications/index.js';
import './accounts.css';

function MenuLink({ to, icon, text }: { to: string; icon: ReactNode; text: string }) {
  return (
    <Link to={to} className="qgw-menu-item">
      <span className="qgw-menu-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="qgw-menu-text">{text}</span>
      <RightOutline className="qgw-menu-arrow" aria-hidden="true" />
    </Link>
  );
}

/** A menu row that runs an action (the rank-user look-up routes by its answer code). */
function MenuAction({ onClick, icon, text, disabled }: { onClick: () => void; icon: ReactNode; text: string; disabled?: boolean }) {
  return (
    <button type="button" className="qgw-menu-item qgw-menu-button" onClick={onClick} disabled={disabled}>
      <span className="qgw-menu-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="qgw-menu-text">{text}</span>
      <RightOutline className="qgw-menu-arrow" aria-hidden="true" />
    </button>
  );
}

function Guest() {
  return (
    <section className="qgw-account-card qgw-account-guest">
      <Avatar src={null} size="large" />
      <div className="qgw-account-who">
        <h1 className="qgw-account-name">{t.accountGuest}</h1>
        <p className="qgw-account-sub">{t.accountGuestHint}</p>
      </div>
      <Button className="qgw-account-login" color="primary" shape="rounded" onClick={() => navigateTo(routes.login.index)}>
        {t.accountLoginButton}
      </Button>
    </section>
  );
}

function Member() {
  const session = useSession();
  const profile = useUserInfo();
  const logout = useLogout();
  const lookup = useRankUserLookup();
  const nickname = profile.data?.nickname || session.nickname || t.accountDefaultNickname;
  const masked = profile.data?.mobileMasked || maskMobile(session.mobile);
  const openid = profile.data ? profile.data.openid : getString(storageKeys.openid);

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: t.logoutConfirm, cancelText: t.cancel, confirmText: t.confirm });
    if (ok) logout.mutate();
  };

  return (
    <>
      <section className="qgw-account-card">
        <Avatar src={assetUrl(profile.data?.avatar ?? null)} size="large" />
        <div className="qgw-account-who">
          <h1 className="qgw-account-name">{nickname}</h1>
          <p className="qgw-account-sub">{masked}</p>
          {openid && <span className="qgw-account-badge">{t.wxBound}</span>}
        </div>
      </section>
      <nav className="qgw-menu" aria-label={t.applicationsLabel}>
        <MenuAction
          onClick={() => void lookup.run()}
          disabled={lookup.pending}
          icon={<FileOutline />}
          text={t.itemRankUser}
        />
        <MenuLink to={routes.member.detail} icon={<TeamOutline />} text={t.itemMembership} />
        <NotificationsEntry />
      </nav>
      <nav className="qgw-menu" aria-label={t.menuLabel}>
        <MenuLink to={routes.update.index} icon={<UserOutline />} text={t.itemProfile} />
        <MenuLink to={routes.update.updatePhone} icon={<PhonebookOutline />} text={t.itemPhone} />
        <MenuLink to={buildPath(routes.update.index, { tab: 'password' })} icon={<LockOutline />} text={t.itemPassword} />
        {!openid && (
          <MenuLink
            to={buildPath(routes.login.bind, { mobile: session.mobile })}
            icon={<UserCircleOutline />}
            text={t.itemBind}
          />
        )}
        <MenuLink to={accountRoutes.privacy} icon={<CheckShieldOutline />} text={accountRightsStrings.entry} />
        {hasConsoleRole(profile.data?.roles ?? readUserInfo()?.roles) && (
          <MenuLink to={consoleEntry.to} icon={<UserSetOutline />} text={consoleEntry.text} />
        )}
      </nav>
      <div className="qgw-account-logout">
        <Button block shape="rounded" onClick={() => void confirmLogout()} disabled={logout.isPending}>
          {t.logoutButton}
        </Button>
      </div>
    </>
  );
}

export function AccountScreen() {
  const loggedIn = useSession(isLoggedIn);
  return (
    <TabLayout>
      <div className="qgw-account">
        <div className="qgw-account-backdrop" aria-hidden="true" />
        {loggedIn ? <Member /> : <Guest />}
      </div>
    </TabLayout>
  );
}
