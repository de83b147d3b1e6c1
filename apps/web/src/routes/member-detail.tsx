import { MemberDetailScreen } from '../features/membership/components/member-detail-screen.js';

export default function Screen() {
  return <MemberDetailScreen />;
}
