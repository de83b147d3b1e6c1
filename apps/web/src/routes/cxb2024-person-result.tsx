import { PersonResultScreen } from '../features/programme2024/components/person-result-screen.js';

export default function Screen() {
  return <PersonResultScreen />;
}
