import { Navigate } from 'react-router';
import { consolePaths } from '../paths.js';
import { ConsoleAccessGate } from './console-access-gate.js';

/** /console/signin: the second factor first, then the console home. */
export function ConsoleSignInScreen() {
  return (
    <ConsoleAccessGate>
      <Navigate to={consolePaths.home} replace />
    </ConsoleAccessGate>
  );
}
