import { Button } from 'antd-mobile';
import { openConsoleLogin } from '../../../lib/navigation.js';
import { readUserInfo } from '../../../lib/storage.js';
import { useLogout, useUserInfo } from '../../accounts/index.js';
import { accessStrings as t } from './strings.js';

/**
 * Who is signed in, in the console's top bar: nickname and console role, and 退出, which ends the
 * session and opens the console's login (the second factor goes with the session).
 */
export function ConsolePerson({ role }: { role: 'admin' | 'reviewer' }) {
  const profile = useUserInfo();
  const logout = useLogout();
  const nickname = profile.data?.nickname ?? readUserInfo()?.nickname ?? '';
  const leave = () => {
    // the login is opened once the session is gone, whether or not this bar is still drawn then
    void logout.mutateAsync().then(openConsoleLogin);
  };
  return (
    <div className="qgw-cs-person" role="group" aria-label={t.signedInAs}>
      <span className="qgw-cs-person-name">{nickname}</span>
      <span className="qgw-cs-person-role">{role === 'admin' ? t.roleAdmin : t.roleReviewer}</span>
      <Button size="mini" fill="outline" className="qgw-cs-logout" onClick={leave} loading={logout.isPending} disabled={logout.isPending}>
        {t.logout}
      </Button>
    </div>
  );
}
