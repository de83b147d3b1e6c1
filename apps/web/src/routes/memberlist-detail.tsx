import { MemberDetailScreen } from '../features/content/components/member-detail-screen.js';

export default function Screen() {
  return <MemberDetailScreen />;
}
