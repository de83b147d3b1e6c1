import { ConsoleLoginScreen } from '../features/console/access/console-login-screen.js';

export default function Screen() {
  return <ConsoleLoginScreen />;
}
