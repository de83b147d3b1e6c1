import { ApplyNoticeScreen } from '../features/rank-user/components/apply-notice-screen.js';

/** pages/cxbApplication/applyNotice */
export default function Screen() {
  return <ApplyNoticeScreen />;
}
