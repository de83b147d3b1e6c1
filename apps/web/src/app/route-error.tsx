import { useRouteError } from 'react-router';
import { Button } from 'antd-mobile';
import { StatusBlock } from '../components/ui/status-block.js';
import { routes } from '@qgw/contracts';
import { ChunkLoadError } from './lazy-screen.js';
import { reloadPage, switchTab } from '../lib/navigation.js';
import { commonStrings } from '../lib/strings.js';
import './status-screens.css';

/** Shown in place of a screen whose chunk failed (or timed out), or that broke while rendering. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError || isDynamicImportFailure(error);
  return (
    <div className="qgw-status-screen" role="alert">
      <StatusBlock
        status="disconnected"
        title={chunkFailed ? commonStrings.chunkFailedTitle : commonStrings.screenErrorTitle}
        description={chunkFailed ? commonStrings.chunkFailedHint : commonStrings.screenErrorHint}
      />
      <div className="qgw-status-actions">
        <Button color="primary" shape="rounded" onClick={reloadPage}>
          {commonStrings.retry}
        </Button>
        {!chunkFailed && (
          <Button shape="rounded" onClick={() => switchTab(routes.home.index)}>
            {commonStrings.backHome}
          </Button>
        )}
      </div>
    </div>
  );
}

function isDynamicImportFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/i.test(error.message);
}
