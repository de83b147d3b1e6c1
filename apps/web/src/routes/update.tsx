import { useSearchParams } from 'react-router';
import { PasswordScreen } from '../features/accounts/components/password-screen.js';
import { ProfileScreen } from '../features/accounts/components/profile-screen.js';

/** pages/update/index: the profile, or the password change with ?tab=password. */
export default function Screen() {
  const [params] = useSearchParams();
  return params.get('tab') === 'password' ? <PasswordScreen /> : <ProfileScreen />;
}
