import { ConsoleSignInScreen } from '../features/console/access/signin-screen.js';

export default function Screen() {
  return <ConsoleSignInScreen />;
}
