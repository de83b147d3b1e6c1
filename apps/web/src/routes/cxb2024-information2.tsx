import { PersonStepScreen } from '../features/programme2024/components/person-step-screen.js';

/** pages/cxb2024/information2: the person entry's third step (photo, résumé and achievements). */
export default function Screen() {
  return <PersonStepScreen step={2} />;
}
