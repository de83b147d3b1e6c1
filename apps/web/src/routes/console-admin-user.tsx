import { UserScreen } from '../features/console/admin/people-screens.js';

export default function Screen() {
  return <UserScreen />;
}
