import { AccountScreen } from '../features/accounts/components/account-screen.js';

export default function Screen() {
  return <AccountScreen />;
}
