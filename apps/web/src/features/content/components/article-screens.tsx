import { useSearchParams } from 'react-router';
import { routes, ZArticleCategory } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { contentStrings as t } from '../strings.js';
import { ArticleList } from './article-list.js';
import { ArticleView } from './article-view.js';

/** pages/article/index: ?id= (or ?slug=) one article; otherwise the list of ?category= (news by default). */
export function ArticleIndexScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const slug = params.get('slug') ?? undefined;
  if (id || slug) {
    return (
      <PageLayout title={t.articleTitle} tone="white">
        <ArticleView id={id} slug={slug} />
      </PageLayout>
    );
  }
  const parsed = ZArticleCategory.safeParse(params.get('category') ?? 'news');
  const category = parsed.success ? parsed.data : 'news';
  return (
    <PageLayout title={t.categoryTitle[category]}>
      <ArticleList category={category} />
    </PageLayout>
  );
}

/** pages/article/document: the committee's documents; ?id= one document with its attachments. */
export function DocumentScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id) {
    return (
      <PageLayout title={t.documentTitle} tone="white">
        <ArticleView id={id} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t.categoryTitle.document}>
      <ArticleList category="document" detailPath={routes.article.document} />
    </PageLayout>
  );
}
