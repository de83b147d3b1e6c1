import { MemberFormScreen } from '../features/membership/components/member-form-screen.js';

export default function Screen() {
  return <MemberFormScreen />;
}
