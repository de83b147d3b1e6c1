import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { articleCategories, contentLimits, isSeasonalCategory, type AdminArticleSummary } from '@qgw/contracts';
import { call } from '../../../lib/request.js';
import { formatDate } from '../../../lib/format.js';
import { useDebounced } from '../../../lib/use-debounced.js';
import { adminOps } from '../api/operations.js';
import { consoleKeys, useConsoleMutation } from '../hooks/use-console-mutation.js';
import { consolePaths, NEW_ID } from '../paths.js';
import { consoleStrings as t } from '../strings.js';
import { articlesSearch, programmeIdOf, useArticleCategory, useArticleSeason } from './article-address.js';
import { ConsoleEmpty, ConsoleError, ConsoleLoading, ConsolePage, DeleteButton, moved, OrderButtons, PublishSwitch, TextInput } from './console-ui.js';
import { SeasonSelect } from './season-select.js';

function ArticleRow({
  article,
  index,
  count,
  onMove,
  busy,
  search,
}: {
  article: AdminArticleSummary;
  /** the list's address, so the editor comes back to it */
  search: string;
  index: number;
  count: number;
  onMove(index: number, delta: -1 | 1): void;
  busy: boolean;
}) {
  const name = article.title || t.untitled;
  const to = `${consolePaths.article(article.id)}?${search}`;
  const publish = useConsoleMutation((published: boolean) => call(adminOps.articles.publish, { id: article.id, published }), {
    success: (_, published) => (published ? t.publishedToast : t.unpublishedToast),
  });
  const remove = useConsoleMutation(() => call(adminOps.articles.remove, { id: article.id }), { success: t.deleted });
  return (
    <li className="qgw-cs-row">
      <div className="qgw-cs-row-main">
        <Link to={to} className="qgw-cs-row-title">
          {name}
        </Link>
        <span className="qgw-cs-row-meta">
          {article.slug && <code>{article.slug}</code>}
          <span>{t.updatedAt(formatDate(article.updatedAt))}</span>
        </span>
      </div>
      <div className="qgw-cs-row-actions">
        <PublishSwitch name={name} checked={article.published} pending={publish.isPending} onChange={(v) => publish.mutate(v)} />
        <OrderButtons name={name} first={index === 0} last={index === count - 1} disabled={busy} onMove={(d) => onMove(index, d)} />
        <Link to={to} className="qgw-cs-text-button" aria-label={t.editName(name)}>
          {t.edit}
        </Link>
        <DeleteButton name={name} disabled={remove.isPending} onConfirm={() => remove.mutate(undefined)} />
      </div>
    </li>
  );
}

/**
 * Articles of one category with publish switches, up/down ordering, edit and delete; the
 * programme's pages and awards of the season chosen (the current one by default), kept in the address.
 */
export function ArticlesScreen() {
  const category = useArticleCategory();
  const season = useArticleSeason();
  const seasonal = isSeasonalCategory(category);
  const search = articlesSearch(category, season);
  const [, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim());
  const programmeId = programmeIdOf(category, season);
  const list = useInfiniteQuery({
    queryKey: consoleKeys.articles(category, q, programmeId ?? ''),
    queryFn: ({ pageParam }) => call(adminOps.articles.list, { category, programmeId, q: q || undefined, cursor: pageParam, limit: 50 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const reorder = useConsoleMutation((ids: string[]) => call(adminOps.articles.reorder, { ids }), { success: t.reordered });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <ConsolePage
      title={t.articlesTitle}
      actions={
        <Button color="primary" onClick={() => void navigate(`${consolePaths.article(NEW_ID)}?${search}`)}>
          {t.newArticle}
        </Button>
      }
    >
      <div className="qgw-cs-tabs" role="group" aria-label={t.categoryLabel}>
        {articleCategories.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === category}
            className={c === category ? 'qgw-cs-tab qgw-cs-tab-active' : 'qgw-cs-tab'}
            onClick={() => setParams(articlesSearch(c, season), { replace: true })}
          >
            {t.category[c]}
          </button>
        ))}
      </div>
      <div className="qgw-cs-filters">
        {seasonal && <SeasonSelect value={season} onChange={(next) => setParams(articlesSearch(category, next), { replace: true })} />}
        <TextInput label={t.articleSearch} type="search" value={query} onChange={setQuery} maxLength={contentLimits.search.max} />
      </div>
      {!seasonal && <p className="qgw-cs-hint">{t.seasonlessArticles}</p>}
      {list.isPending ? (
        <ConsoleLoading />
      ) : list.isError && !list.data ? (
        <ConsoleError error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ConsoleEmpty text={t.articlesEmpty} />
      ) : (
        <>
          <ul className="qgw-cs-card qgw-cs-rows" aria-label={t.category[category]}>
            {items.map((a, i) => (
              <ArticleRow
                key={a.id}
                article={a}
                index={i}
                count={items.length}
                search={search}
                busy={reorder.isPending || q !== ''}
                onMove={(index, delta) => reorder.mutate(moved(items, index, delta))}
              />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="qgw-cs-more">
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {t.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </ConsolePage>
  );
}
