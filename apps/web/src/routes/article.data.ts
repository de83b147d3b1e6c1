import { apiPaths, articleCategories } from '@qgw/contracts';
import { openingAddress } from '../lib/navigation.js';
import { requestEarly } from '../lib/request.js';

/**
 * pages/article/index and pages/article/document, as they open: the article the address names
 * (?id=, or ?slug= on the article page), or else the first page of the category's list (?category=,
 * news by default; the documents page's is always document), as ArticleView and ArticleList ask.
 */
export default function prefetch(): void {
  const [path = '', query = ''] = openingAddress().split('?');
  const params = new URLSearchParams(query);
  const id = params.get('id');
  const slug = params.get('slug');
  const documents = path.startsWith('/pages/article/document');
  if (id) requestEarly(apiPaths.contentArticle, { id });
  else if (slug && !documents) requestEarly(apiPaths.contentArticle, { slug });
  else {
    // an unknown category shows the news, as the screen does
    const asked = params.get('category') ?? 'news';
    const category = documents ? 'document' : articleCategories.find((c) => c === asked) ?? 'news';
    requestEarly(apiPaths.contentArticles, { category, limit: 10 });
  }
}
