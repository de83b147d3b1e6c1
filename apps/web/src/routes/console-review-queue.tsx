import { QueueScreen } from '../features/console/review/components/queue-screen.js';

export default function Screen() {
  return <QueueScreen />;
}
