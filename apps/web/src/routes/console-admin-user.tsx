import { UserScreen } from '../features/console/admin/user-screen.js';

export default function Screen() {
  return <UserScreen />;
}
