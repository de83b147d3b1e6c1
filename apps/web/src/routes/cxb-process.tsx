import { ProcessScreen } from '../features/rank-user/components/process-screen.js';

/** pages/cxb/process */
export default function Screen() {
  return <ProcessScreen />;
}
