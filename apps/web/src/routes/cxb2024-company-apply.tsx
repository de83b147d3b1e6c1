import { CompanyApplyScreen } from '../features/programme2024/components/company-apply-screen.js';

export default function Screen() {
  return <CompanyApplyScreen />;
}
