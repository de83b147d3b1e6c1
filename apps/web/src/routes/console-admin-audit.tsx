import { AuditScreen } from '../features/console/admin/audit-screen.js';

export default function Screen() {
  return <AuditScreen />;
}
