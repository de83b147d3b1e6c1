import { HomeScreen } from '../features/home/home-screen.js';

export default function Screen() {
  return <HomeScreen />;
}
