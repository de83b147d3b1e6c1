import { Link } from 'react-router';
import { GlobalOutline, RightOutline } from 'antd-mobile-icons';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { buildPath } from '../../../lib/navigation.js';
import { refreshFresh, useWebviewHosts } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, ListSkeleton, Refreshable } from './list-states.js';
import './content.css';

/** pages/common/index: the sites the committee trusts, each opening in the in-app web view. */
export function LinksScreen() {
  const hosts = useWebviewHosts();
  let body;
  if (hosts.isPending) body = <ListSkeleton rows={3} />;
  else if (hosts.isError) body = <ListError error={hosts.error} onRetry={() => void refreshFresh(hosts.refetch)} />;
  else
    body = (
      <Refreshable onRefresh={() => refreshFresh(hosts.refetch)}>
        {hosts.data.hosts.length === 0 ? (
          <ListEmpty title={t.linksEmpty} />
        ) : (
          <>
            <p className="qgw-ct-note">{t.linksHint}</p>
            <ul className="qgw-ct-list" aria-label={t.linksTitle}>
              {hosts.data.hosts.map((host) => (
                <li key={host}>
                  <Link
                    className="qgw-ct-card qgw-ct-link"
                    to={buildPath(routes.common.webview, { url: `https://${host}/`, title: host })}
                  >
                    <GlobalOutline className="qgw-ct-link-icon" aria-hidden="true" />
                    <span className="qgw-ct-card-title">{host}</span>
                    <RightOutline className="qgw-ct-card-arrow" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </Refreshable>
    );
  return <PageLayout title={t.linksTitle}>{body}</PageLayout>;
}
