import { LeadersScreen } from '../features/console/components/leaders-screens.js';

export default function Screen() {
  return <LeadersScreen />;
}
