import { HomeIntroScreen } from '../features/intro/intro-screen.js';

export default function Screen() {
  return <HomeIntroScreen />;
}
