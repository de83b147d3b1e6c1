import type { ReactNode } from 'react';
import { Skeleton } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { ApiFailure } from '../../../lib/request.js';
import {
  contentKeys,
  ListEmpty,
  ListError,
  ListSkeleton,
  LoadMore,
  Refreshable,
  refreshFresh,
  RichText,
  useArticle,
  useArticles,
} from '../../content/index.js';
import { rankUserStrings as t } from '../strings.js';

/**
 * The programme's descriptive pages (overview, process, awards) are content that admins edit in the
 * console; these pieces show them with the content screens' loading, empty and error states.
 */

/** A programme article by its stable slug: its title and sanitised body. */
export function ProgrammeArticle({ slug }: { slug: string }) {
  const article = useArticle({ slug });
  if (article.isPending) {
    return (
      <section className="qgw-ru-card" aria-busy="true" aria-label={t.loading}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  }
  if (article.isError) {
    // not published (yet) is a state of the content, not a fault: say so calmly
    if (article.error instanceof ApiFailure) {
      return (
        <section className="qgw-ru-card">
          <p className="qgw-ru-text">{t.contentMissing}</p>
        </section>
      );
    }
    return <ListError error={article.error} onRetry={() => void refreshFresh(article.refetch)} />;
  }
  const titleId = `qgw-ru-article-${slug}`;
  return (
    <section className="qgw-ru-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="qgw-ru-card-title">
        {article.data.title}
      </h2>
      <RichText html={article.data.body} className="qgw-ru-rich" />
    </section>
  );
}

/** The published awards of a season (a year; default the current one) in their order: name, quota, prize and what it is for. */
export function AwardList({ season }: { season?: number | undefined }) {
  const list = useArticles('award', season);
  if (list.isPending) return <ListSkeleton rows={3} />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void refreshFresh(list.refetch)} />;
  const awards = list.data.pages.flatMap((p) => p.items);
  if (awards.length === 0) return <ListEmpty title={t.awardsEmpty} hint={t.awardsEmptyHint} />;
  return (
    <>
      <ol className="qgw-ru-awards" aria-label={t.awardTitle}>
        {awards.map((award, i) => (
          <li key={award.id} className={`qgw-ru-award qgw-ru-award-${i + 1}`}>
            <div className="qgw-ru-award-head">
              <h2 className="qgw-ru-award-name">{award.title}</h2>
              {award.award && <span className="qgw-ru-award-quota">{t.awardQuota(award.award.quota)}</span>}
            </div>
            {award.award?.prize && <p className="qgw-ru-award-prize">{award.award.prize}</p>}
            {award.summary && <p className="qgw-ru-award-desc">{award.summary}</p>}
          </li>
        ))}
      </ol>
      {list.hasNextPage && <LoadMore hasMore={list.hasNextPage} loadMore={list.fetchNextPage} failed={list.isFetchNextPageError} />}
    </>
  );
}

/** Pull-to-refresh over a programme page: every content query on screen asks the server afresh. */
export function RefreshableProgramme({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  return (
    <Refreshable onRefresh={() => refreshFresh(() => client.refetchQueries({ queryKey: contentKeys.all, type: 'active' }))}>
      {children}
    </Refreshable>
  );
}
