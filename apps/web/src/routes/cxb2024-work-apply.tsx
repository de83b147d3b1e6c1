import { WorkApplyScreen } from '../features/programme2024/components/work-apply-screen.js';

export default function Screen() {
  return <WorkApplyScreen />;
}
