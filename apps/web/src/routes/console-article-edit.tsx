import { ArticleEditScreen } from '../features/console/components/article-edit-screen.js';

export default function Screen() {
  return <ArticleEditScreen />;
}
