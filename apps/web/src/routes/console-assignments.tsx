import { AssignmentMatrixScreen } from '../features/console/review/components/assignment-matrix-screen.js';

export default function Screen() {
  return <AssignmentMatrixScreen />;
}
