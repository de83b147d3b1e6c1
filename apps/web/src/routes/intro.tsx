import { IntroScreen } from '../features/intro/intro-screen.js';

export default function Screen() {
  return <IntroScreen />;
}
