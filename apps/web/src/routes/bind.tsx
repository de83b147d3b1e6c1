import { BindScreen } from '../features/accounts/components/bind-screen.js';

export default function Screen() {
  return <BindScreen />;
}
