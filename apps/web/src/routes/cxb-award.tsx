import { AwardScreen } from '../features/rank-user/components/award-screen.js';

/** pages/cxb/award */
export default function Screen() {
  return <AwardScreen />;
}
