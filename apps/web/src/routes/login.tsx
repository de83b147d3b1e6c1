import { LoginScreen } from '../features/accounts/components/login-screen.js';

export default function Screen() {
  return <LoginScreen />;
}
