import { LinksScreen } from '../features/content/components/links-screen.js';

export default function Screen() {
  return <LinksScreen />;
}
