import type { ReactNode } from 'react';
import { InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { LoadError } from '../../../components/ui/load-error.js';
import { contentStrings as t } from '../strings.js';
import { ErrorBlock } from '../../../components/ui/error-block.js';
import './content.css';

/** Placeholder cards while a list's first page arrives. */
export function ListSkeleton({ rows = 4, avatar = false }: { rows?: number; avatar?: boolean }) {
  return (
    <div className="qgw-ct-skeleton" role="status" aria-label={t.loading}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="qgw-ct-skeleton-row">
          {avatar && <Skeleton animated className="qgw-ct-skeleton-avatar" />}
          <div className="qgw-ct-skeleton-text">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A list or page that could not load: the app's shared failed-load state, so a proxy's 429 and
 * being offline are told in the same words as on every other screen, with 重试.
 */
export function ListError({ error, onRetry }: { error?: unknown; onRetry(): void }) {
  return <LoadError error={error} onRetry={onRetry} />;
}

export function ListEmpty({ title = t.empty, hint, children }: { title?: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="qgw-ct-state">
      <ErrorBlock status="empty" title={title} description={hint ?? ''} />
      {children}
    </div>
  );
}

/** Pull-to-refresh with the app's wording; resolves when the new data is in. */
export function Refreshable({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t.pullToRefresh}
      canReleaseText={t.releaseToRefresh}
      refreshingText={t.refreshing}
      completeText={t.refreshed}
    >
      {children}
    </PullToRefresh>
  );
}

/** The next page, fetched as the end of the list comes into view. */
export function LoadMore({
  hasMore,
  loadMore,
  failed,
}: {
  hasMore: boolean;
  loadMore(): Promise<unknown>;
  failed: boolean;
}) {
  return (
    <InfiniteScroll hasMore={hasMore && !failed} loadMore={async () => void (await loadMore())} threshold={300}>
      {failed ? (
        <button type="button" className="qgw-ct-more-retry" onClick={() => void loadMore()}>
          {t.loadMoreFailed}
        </button>
      ) : hasMore ? (
        <span className="qgw-ct-more">{t.loading}</span>
      ) : (
        <span className="qgw-ct-more">{t.noMore}</span>
      )}
    </InfiniteScroll>
  );
}
