import { ConsoleHome } from '../features/console/components/console-home.js';

export default function Screen() {
  return <ConsoleHome />;
}
