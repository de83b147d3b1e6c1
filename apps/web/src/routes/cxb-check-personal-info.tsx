import { PersonalInfoScreen } from '../features/rank-user/components/personal-info-screen.js';

/** pages/cxbCheck/personalInfo */
export default function Screen() {
  return <PersonalInfoScreen />;
}
