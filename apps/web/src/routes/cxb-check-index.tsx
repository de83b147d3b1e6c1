import { CheckListScreen } from '../features/rank-user/components/check-list-screen.js';

/** pages/cxbCheck/index */
export default function Screen() {
  return <CheckListScreen />;
}
