import { RegisterScreen } from '../features/accounts/components/register-screen.js';

export default function Screen() {
  return <RegisterScreen />;
}
