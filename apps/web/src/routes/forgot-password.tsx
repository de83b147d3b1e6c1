import { ForgotPasswordScreen } from '../features/accounts/components/forgot-password-screen.js';

export default function Screen() {
  return <ForgotPasswordScreen />;
}
