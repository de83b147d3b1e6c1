import { DirectoryScreen } from '../features/content/components/directory-screen.js';

export default function Screen() {
  return <DirectoryScreen />;
}
