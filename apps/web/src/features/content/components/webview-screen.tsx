import { useSearchParams } from 'react-router';
import { Button, DotLoading } from 'antd-mobile';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateBack } from '../../../lib/navigation.js';
import { refreshFresh, useWebviewCheck } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { classifyUrl } from '../webview-url.js';
import { ListError } from './list-states.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './content.css';
import './webview.css';

/** javascript:, data:, broken addresses: nothing to open, only a way back. */
function InvalidLink() {
  return (
    <section className="qgw-ct-leave" role="alert" aria-label={t.invalidTitle}>
      <ErrorBlock status="default" title={t.invalidTitle} description={t.invalidHint} />
      <div className="qgw-ct-leave-actions">
        <Button block shape="rounded" onClick={() => navigateBack(1)}>
          {t.leaveBack}
        </Button>
      </div>
    </section>
  );
}

/** A site not on the allowlist: the person decides, and it opens outside the app if they go on. */
function LeaveConfirm({ url }: { url: string }) {
  return (
    <section className="qgw-ct-leave" aria-labelledby="qgw-ct-leave-title">
      <ExclamationTriangleOutline className="qgw-ct-leave-icon" aria-hidden="true" />
      <h1 id="qgw-ct-leave-title" className="qgw-ct-leave-title">
        {t.leaveTitle}
      </h1>
      <p className="qgw-ct-leave-hint">{t.leaveHint}</p>
      <p className="qgw-ct-leave-url">{url}</p>
      <div className="qgw-ct-leave-actions">
        {/* a real link: the new tab has no handle back to this page and is sent no referrer */}
        <a
          role="button"
          className="adm-button adm-button-primary adm-button-block adm-button-shape-rounded qgw-ct-leave-continue"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t.leaveContinue}
        </a>
        <Button block shape="rounded" onClick={() => navigateBack(1)}>
          {t.leaveBack}
        </Button>
      </div>
    </section>
  );
}

function AllowedPage({ url, title }: { url: string; title: string }) {
  return (
    <div className="qgw-ct-webview">
      <iframe
        className="qgw-ct-webview-frame"
        src={url}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-popups"
        referrerPolicy="no-referrer"
      />
      <p className="qgw-ct-webview-bar">
        <span>{t.webviewFallback}</span>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t.openInBrowser}
        </a>
      </p>
    </div>
  );
}

function Decision({ url }: { url: string }) {
  const check = useWebviewCheck(url, true);
  if (check.isPending) {
    return (
      <div className="qgw-ct-state" role="status">
        <DotLoading color="primary" />
        <span>{t.webviewChecking}</span>
      </div>
    );
  }
  if (check.isError) return <ListError error={check.error} onRetry={() => void refreshFresh(check.refetch)} />;
  const { allowed, reason, url: normalised } = check.data;
  // the server's verdict is checked again here: only an http(s) address is ever framed or opened
  const safe = classifyUrl(normalised);
  if (safe.kind !== 'web' || reason === 'not_http' || reason === 'invalid') return <InvalidLink />;
  if (allowed && reason === 'ok') return <AllowedPage url={safe.url} title={safe.host} />;
  return <LeaveConfirm url={safe.url} />;
}

/** pages/common/webview?url=…[&title=…]: allowlisted sites in the app, others only after a warning. */
export function WebviewScreen() {
  const [params] = useSearchParams();
  const raw = params.get('url') ?? '';
  const verdict = classifyUrl(raw);
  const title = params.get('title')?.trim() || (verdict.kind === 'web' ? verdict.host : t.webviewTitle);
  return (
    <PageLayout title={title} tone="white">
      {verdict.kind === 'web' ? <Decision key={verdict.url} url={verdict.url} /> : <InvalidLink />}
    </PageLayout>
  );
}
