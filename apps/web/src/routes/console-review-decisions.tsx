import { DecisionsScreen } from '../features/console/review/components/decisions-screen.js';

export default function Screen() {
  return <DecisionsScreen />;
}
