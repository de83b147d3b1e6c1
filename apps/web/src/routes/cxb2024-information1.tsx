import { PersonStepScreen } from '../features/programme2024/components/person-step-screen.js';

/** pages/cxb2024/information1: the person entry's second step (work information). */
export default function Screen() {
  return <PersonStepScreen step={1} />;
}
