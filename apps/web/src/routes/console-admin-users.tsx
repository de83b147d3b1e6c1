import { UsersScreen } from '../features/console/admin/people-screens.js';

export default function Screen() {
  return <UsersScreen />;
}
