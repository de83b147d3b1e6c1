import { WebviewScreen } from '../features/content/components/webview-screen.js';

export default function Screen() {
  return <WebviewScreen />;
}
