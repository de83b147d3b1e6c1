import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { currentAddress, navigateTo, safeReturnPath } from '../../lib/navigation.js';
import { isLoggedIn, useSession } from '../../stores/session.js';
import { StatusBlock } from './status-block.js';
import './ui.css';

const strings = { title: '请先登录', hint: '登录后即可管理您的账号', action: '去登录' } as const;

/** Account pages need a session; without one they say so instead of failing on the first call. */
export function AuthGate({ children }: { children: ReactNode }) {
  const loggedIn = useSession(isLoggedIn);
  if (loggedIn) return <>{children}</>;
  return (
    <div className="qgw-auth-gate">
      <StatusBlock status="empty" title={strings.title} description={strings.hint} />
      {/* back here once signed in */}
      <Button color="primary" shape="rounded" onClick={() => navigateTo(routes.login.index, { redirect: safeReturnPath(currentAddress()) })}>
        {strings.action}
      </Button>
    </div>
  );
}
