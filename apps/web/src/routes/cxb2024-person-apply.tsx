import { PersonApplyScreen } from '../features/programme2024/components/person-apply-screen.js';

export default function Screen() {
  return <PersonApplyScreen />;
}
