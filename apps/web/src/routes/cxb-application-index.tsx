import { PersonalStepScreen } from '../features/rank-user/components/personal-step-screen.js';

/** pages/cxbApplication/index */
export default function Screen() {
  return <PersonalStepScreen />;
}
