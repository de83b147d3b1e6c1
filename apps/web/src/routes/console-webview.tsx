import { WebviewHostsScreen } from '../features/console/components/webview-hosts-screen.js';

export default function Screen() {
  return <WebviewHostsScreen />;
}
