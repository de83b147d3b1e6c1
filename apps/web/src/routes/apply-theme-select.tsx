import { ThemeSelectScreen } from '../features/programme2024/components/theme-select-screen.js';

export default function Screen() {
  return <ThemeSelectScreen />;
}
