import { SubdivisionEditScreen } from '../features/console/components/subdivisions-screens.js';

export default function Screen() {
  return <SubdivisionEditScreen />;
}
