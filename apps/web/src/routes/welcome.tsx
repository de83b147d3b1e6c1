import { WelcomeScreen } from '../features/welcome/welcome-screen.js';

export default function Screen() {
  return <WelcomeScreen />;
}
