import { ProgrammeScreen } from '../features/rank-user/components/programme-screen.js';

/** pages/cxb/index */
export default function Screen() {
  return <ProgrammeScreen />;
}
