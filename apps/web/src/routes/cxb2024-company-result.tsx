import { CompanyResultScreen } from '../features/programme2024/components/company-result-screen.js';

export default function Screen() {
  return <CompanyResultScreen />;
}
