import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, DotLoading } from 'antd-mobile';
import { maskMobile, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { AuthGate } from '../../../components/ui/auth-gate.js';
import { returnTo, safeReturnPath, switchTab } from '../../../lib/navigation.js';
import { useSession } from '../../../stores/session.js';
import { showToast } from '../../../lib/toast.js';
import { clearOAuthReturn, readOAuthReturn, useBindWx, useStartWxAuthorize, useWxAuthorizeUrl } from '../hooks/use-wechat.js';
import { accountStrings as t } from '../strings.js';
import './accounts.css';

type Phase = 'start' | 'binding' | 'failed';

function WeChatMark() {
  return (
    <div className="qgw-wx-mark" aria-hidden="true">
      <svg viewBox="0 0 48 48" width="100%" height="100%">
        <path
          fill="currentColor"
          d="M18.5 8C10 8 3 13.7 3 20.8c0 4 2.2 7.6 5.7 10l-1.4 4.4 5.1-2.7c1.8.5 3.8.8 5.8.8l1.5-.1a11.6 11.6 0 0 1-.5-3.3c0-7 6.6-12.6 14.8-12.6h1.4C33.8 11.7 26.8 8 18.5 8Zm-5.3 9.6a1.9 1.9 0 1 1 0-3.8 1.9 1.9 0 0 1 0 3.8Zm10.4 0a1.9 1.9 0 1 1 0-3.8 1.9 1.9 0 0 1 0 3.8ZM45 29.9c0-5.9-5.9-10.6-12.9-10.6-7.2 0-12.9 4.7-12.9 10.6s5.7 10.6 12.9 10.6c1.5 0 3-.2 4.3-.6l4 2.2-1.1-3.6c3.4-2 5.7-5.1 5.7-8.6Zm-17.2-1.6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm8.6 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z"
        />
      </svg>
    </div>
  );
}

function BindContent() {
  const [params] = useSearchParams();
  const sessionMobile = useSession((s) => s.mobile);
  const mobile = params.get('mobile') || sessionMobile;
  const [oauth] = useState(() => readOAuthReturn());
  const [phase, setPhase] = useState<Phase>(oauth ? 'binding' : 'start');
  const started = useRef(false);
  const bind = useBindWx();
  const authorize = useStartWxAuthorize();
  const info = useWxAuthorizeUrl(phase !== 'binding');

  useEffect(() => {
    // a WeChat code works once: send it once, then take it out of the address bar
    if (!oauth || started.current) return;
    started.current = true;
    clearOAuthReturn();
    bind.mutate(oauth, { onError: () => setPhase('failed') });
  }, [oauth, bind]);

  // skipping leads where the person was going when they signed in (the login's `redirect`), else home
  const back = safeReturnPath(params.get('redirect'));
  const skip = () => (back ? returnTo(back) : switchTab(routes.home.index));
  // straight from a login and WeChat not configured: there is nothing to bind, so no stop here
  const fromLogin = params.get('from') === 'login';
  const nothingToBind = fromLogin && info.data?.configured === false;
  useEffect(() => {
    if (!nothingToBind) return;
    if (back) returnTo(back);
    else switchTab(routes.home.index);
    showToast(t.loginSuccess);
  }, [nothingToBind, back]);
  const skipButton = (
    <Button className="qgw-bind-skip" fill="none" block onClick={skip}>
      {t.bindSkip}
    </Button>
  );

  let body;
  if (phase === 'binding' || nothingToBind) {
    body = (
      <div className="qgw-bind-text" role="status">
        <DotLoading color="primary" /> {t.loading}
      </div>
    );
  } else if (info.isPending) {
    body = (
      <div className="qgw-bind-text" role="status">
        <DotLoading color="primary" />
      </div>
    );
  } else if (info.isError || !info.data) {
    body = (
      <>
        <p className="qgw-bind-text">{t.bindLoadFailed}</p>
        {skipButton}
      </>
    );
  } else if (!info.data.configured) {
    body = (
      <>
        <p className="qgw-bind-text">{t.bindNotConfigured}</p>
        <Button className="qgw-primary-button" color="primary" block onClick={skip}>
          {t.bindSkip}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="qgw-bind-text">{phase === 'failed' ? t.bindFailedHint : t.bindIntro}</p>
        <Button
          className="qgw-primary-button qgw-wx-button"
          color="primary"
          block
          disabled={authorize.isPending}
          onClick={() => authorize.mutate()}
        >
          {phase === 'failed' ? t.bindRetry : t.bindButton}
        </Button>
        {skipButton}
      </>
    );
  }

  return (
    <div className="qgw-bind">
      <WeChatMark />
      <h1 className="qgw-bind-heading">{t.bindHeading}</h1>
      {mobile && <p className="qgw-bind-account">{t.bindAccount(maskMobile(mobile))}</p>}
      <div className="qgw-bind-body">{body}</div>
    </div>
  );
}

export function BindScreen() {
  return (
    <PageLayout title={t.bindTitle} tone="white">
      <AuthGate>
        <BindContent />
      </AuthGate>
    </PageLayout>
  );
}
