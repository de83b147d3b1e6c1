import { PersonStepScreen } from '../features/programme2024/components/person-step-screen.js';

/** pages/cxb2024/information: the person entry's first step (basic information). */
export default function Screen() {
  return <PersonStepScreen step={0} />;
}
