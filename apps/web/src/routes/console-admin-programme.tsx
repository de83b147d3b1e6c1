import { ProgrammeScreen } from '../features/console/admin/programme-screen.js';

export default function Screen() {
  return <ProgrammeScreen />;
}
