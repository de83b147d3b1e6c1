import { SubdivisionsScreen } from '../features/content/components/subdivisions-screen.js';

export default function Screen() {
  return <SubdivisionsScreen />;
}
