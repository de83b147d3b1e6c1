import { UsersScreen } from '../features/console/admin/users-screen.js';

export default function Screen() {
  return <UsersScreen />;
}
