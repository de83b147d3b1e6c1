import { PrivacyScreen } from '../features/accounts/components/privacy-screen.js';

export default function Screen() {
  return <PrivacyScreen />;
}
