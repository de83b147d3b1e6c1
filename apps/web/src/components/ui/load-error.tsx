import { Button } from 'antd-mobile';
import { StatusBlock } from './status-block.js';
import { ApiFailure } from '../../lib/request.js';
import { commonStrings } from '../../lib/strings.js';
import './load-error.css';

/**
 * Texts of the failed-load state. Here, not in the shell's strings, so that they load with the
 * screens that fetch data and not with the first screens.
 */
export const loadErrorStrings = {
  failed: '加载失败',
  offline: '网络不可用',
} as const;

/** Offline, or no answer at all: the wrapper's sentence for it, or the browser's own word. */
export const isOfflineError = (error: unknown): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) ||
  (error instanceof Error && error.message === commonStrings.networkError);

/**
 * What the person is told: the request wrapper's words for what went wrong on the way (操作太频繁…,
 * 网络不可用…, a status). A refusal the server explained (`success: false`) stays in the log only, as
 * the product asks for the entries' look-ups; the person learns it failed and may try again.
 */
const detailOf = (error: unknown): string =>
  error instanceof Error && error.message && !(error instanceof ApiFailure) ? error.message : commonStrings.requestFailed;

/** A screen whose data could not load (a result page, 我的申报, a form's saved entry, a list): what happened, and 重试. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry(): void; title?: string }) {
  const offline = isOfflineError(error);
  const detail = detailOf(error);
  return (
    <div className="qgw-load-error" role="alert" data-testid="load-error">
      <StatusBlock status="disconnected" title={title ?? (offline ? loadErrorStrings.offline : loadErrorStrings.failed)} description={detail} />
      <Button className="qgw-load-error-retry" color="primary" shape="rounded" onClick={onRetry}>
        {commonStrings.retry}
      </Button>
    </div>
  );
}
