import { DetailScreen } from '../features/console/review/components/detail-screen.js';

export default function Screen() {
  return <DetailScreen />;
}
