import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { routes, type ArticleCategory, type ArticleSummary } from '@qgw/contracts';
import { buildPath } from '../../../lib/navigation.js';
import { assetUrl } from '../../../lib/request.js';
import { formatDate } from '../../../lib/format.js';
import { refreshFresh, useArticles } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, ListSkeleton, LoadMore, Refreshable } from './list-states.js';
import './content.css';
import './article.css';

function ArticleCard({ article, to }: { article: ArticleSummary; to: string }) {
  const cover = assetUrl(article.coverUrl);
  return (
    <li>
      <Link to={to} className="qgw-ct-card qgw-ct-article-card">
        <div className="qgw-ct-article-card-text">
          <h2 className="qgw-ct-card-title">{article.title}</h2>
          {article.summary && <p className="qgw-ct-card-summary">{article.summary}</p>}
          <p className="qgw-ct-card-meta">
            {article.publishedAt && <span>{formatDate(article.publishedAt)}</span>}
            {article.attachmentCount > 0 && <span className="qgw-ct-chip">{t.attachmentCount(article.attachmentCount)}</span>}
            {article.award && <span className="qgw-ct-chip">{t.awardQuota(article.award.quota)}</span>}
          </p>
        </div>
        {cover ? (
          <img className="qgw-ct-article-thumb" src={cover} alt="" loading="lazy" decoding="async" />
        ) : (
          <RightOutline className="qgw-ct-card-arrow" aria-hidden="true" />
        )}
      </Link>
    </li>
  );
}

/** A category's published articles, newest first by the server's order, page by page. */
export function ArticleList({ category, detailPath = routes.article.index }: { category: ArticleCategory; detailPath?: typeof routes.article.index | typeof routes.article.document }) {
  const list = useArticles(category);
  const isDocuments = category === 'document';
  if (list.isPending) return <ListSkeleton />;
  if (list.isError && !list.data) return <ListError error={list.error} onRetry={() => void refreshFresh(list.refetch)} />;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Refreshable onRefresh={() => refreshFresh(list.refetch)}>
      {items.length === 0 ? (
        <ListEmpty
          title={isDocuments ? t.documentsEmpty : t.articlesEmpty}
          hint={isDocuments ? t.documentsEmptyHint : t.articlesEmptyHint}
        />
      ) : (
        <>
          <ul className="qgw-ct-list" aria-label={t.categoryTitle[category]}>
            {items.map((a) => (
              <ArticleCard key={a.id} article={a} to={buildPath(detailPath, { id: a.id })} />
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loadMore={() => list.fetchNextPage()} failed={list.isFetchNextPageError} />
        </>
      )}
    </Refreshable>
  );
}
