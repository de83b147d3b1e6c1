import { HomeScreen } from '../features/home/home-screen.js';
import { ProgrammeName, ProgrammeStatus } from '../features/programme2024/components/programme-status.js';

export default function Screen() {
  return <HomeScreen status={<ProgrammeStatus />} title={(fallback) => <ProgrammeName fallback={fallback} />} />;
}
