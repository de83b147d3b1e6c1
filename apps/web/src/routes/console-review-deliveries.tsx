import { DeliveriesScreen } from '../features/console/review/components/deliveries-screen.js';

export default function Screen() {
  return <DeliveriesScreen />;
}
