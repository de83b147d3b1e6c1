import { LeaderEditScreen } from '../features/console/components/leaders-screens.js';

export default function Screen() {
  return <LeaderEditScreen />;
}
