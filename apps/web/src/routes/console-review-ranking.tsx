import { RankingScreen } from '../features/console/ranking/components/ranking-screen.js';

export default function Screen() {
  return <RankingScreen />;
}
