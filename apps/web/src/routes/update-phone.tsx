import { PhoneScreen } from '../features/accounts/components/phone-screen.js';

export default function Screen() {
  return <PhoneScreen />;
}
