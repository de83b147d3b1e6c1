import type { ReactNode } from 'react';
import './bottom-bar.css';

/**
 * An action bar fixed at the foot of the screen, as a mini-program's: within the centred column on a
 * desktop, clear of the phone's home indicator. Drawn where it stays, so content arriving above it
 * never moves it. The screen keeps the end of its content clear of it with a spacer of its height.
 */
export function BottomBar({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `qgw-bottom-bar ${className}` : 'qgw-bottom-bar'}>{children}</div>;
}
