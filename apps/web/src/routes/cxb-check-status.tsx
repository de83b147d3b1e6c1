import { CheckStatusScreen } from '../features/rank-user/components/check-status-screen.js';

/** pages/cxbCheck/checkStatus */
export default function Screen() {
  return <CheckStatusScreen />;
}
