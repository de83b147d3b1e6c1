import { MaterialsStepScreen } from '../features/rank-user/components/materials-step-screen.js';

/** pages/cxbApplication/videoNew */
export default function Screen() {
  return <MaterialsStepScreen />;
}
