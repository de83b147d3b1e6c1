import { ArticlesScreen } from '../features/console/components/articles-screen.js';

export default function Screen() {
  return <ArticlesScreen />;
}
