import { ArticleIndexScreen } from '../features/content/components/article-screens.js';

export default function Screen() {
  return <ArticleIndexScreen />;
}
