import { AddWorkScreen } from '../features/programme2024/components/work-form-screen.js';

export default function Screen() {
  return <AddWorkScreen />;
}
