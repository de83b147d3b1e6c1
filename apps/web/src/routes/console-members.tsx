import { MembersScreen } from '../features/console/components/members-screens.js';

export default function Screen() {
  return <MembersScreen />;
}
