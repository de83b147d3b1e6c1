import { Button } from 'antd-mobile';
import { StatusBlock } from '../components/ui/status-block.js';
import { routes } from '@qgw/contracts';
import { switchTab } from '../lib/navigation.js';
import { commonStrings } from '../lib/strings.js';
import './status-screens.css';

/** Any route that is unknown, or not opened yet. */
export default function NotFound() {
  return (
    <div className="qgw-status-screen">
      <StatusBlock status="empty" title={commonStrings.notFoundTitle} description={commonStrings.notFoundHint} />
      <div className="qgw-status-actions">
        <Button color="primary" shape="rounded" onClick={() => switchTab(routes.home.index)}>
          {commonStrings.backHome}
        </Button>
      </div>
    </div>
  );
}
