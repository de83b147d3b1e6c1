import { ConsoleLayout } from '../features/console/components/console-layout.js';

export default function Screen() {
  return <ConsoleLayout />;
}
