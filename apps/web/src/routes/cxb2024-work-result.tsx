import { WorkResultScreen } from '../features/programme2024/components/work-result-screen.js';

export default function Screen() {
  return <WorkResultScreen />;
}
