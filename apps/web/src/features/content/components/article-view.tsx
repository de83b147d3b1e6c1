import { Skeleton } from 'antd-mobile';
import { DownlandOutline, FileOutline } from 'antd-mobile-icons';
import type { Article } from '@qgw/contracts';
import { ApiFailure, assetUrl } from '../../../lib/request.js';
import { formatDate, formatSize } from '../../../lib/format.js';
import { refreshFresh, useArticle } from '../hooks/use-content.js';
import { contentStrings as t } from '../strings.js';
import { ListEmpty, ListError, Refreshable } from './list-states.js';
import { RichText } from './rich-text.js';
import './content.css';
import './article.css';

export function Attachments({ items }: { items: Article['attachments'] }) {
  if (items.length === 0) return null;
  // the server names the download after `?name=` (its Content-Disposition wins over `download`);
  // the link's name is what it shows (file, size, 下载), so speech input can say what is on screen
  const attachmentHref = (url: string, name: string) => {
    const href = assetUrl(url);
    return href ? `${href}${href.includes('?') ? '&' : '?'}name=${encodeURIComponent(name)}` : undefined;
  };
  return (
    <section className="qgw-ct-attachments" aria-labelledby="qgw-ct-attachments-title">
      <h2 id="qgw-ct-attachments-title" className="qgw-ct-attachments-title">
        {t.attachments}
      </h2>
      <ul>
        {items.map((a) => (
          <li key={`${a.url}-${a.name}`}>
            <a
              className="qgw-ct-attachment"
              href={attachmentHref(a.url, a.name)}
              download={a.name}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FileOutline className="qgw-ct-attachment-icon" aria-hidden="true" />
              <span className="qgw-ct-attachment-name">{a.name}</span>
              <span className="qgw-ct-attachment-size">{formatSize(a.size)}</span>
              <span className="qgw-ct-attachment-action">
                <DownlandOutline aria-hidden="true" />
                {t.download}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticleSkeleton() {
  return (
    <div className="qgw-ct-article" aria-busy="true" role="status" aria-label={t.loading}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={8} animated />
    </div>
  );
}

/** One article: title, date, cover, the sanitised body, attachments and, for awards, quota and prize. */
export function ArticleView({ id, slug }: { id?: string; slug?: string }) {
  const article = useArticle({ id, slug });
  if (!id && !slug) return <ListEmpty title={t.notFound} hint={t.notFoundHint} />;
  if (article.isPending) return <ArticleSkeleton />;
  if (article.isError) {
    if (article.error instanceof ApiFailure) return <ListEmpty title={t.notFound} hint={t.notFoundHint} />;
    return <ListError error={article.error} onRetry={() => void refreshFresh(article.refetch)} />;
  }
  const a = article.data;
  const cover = assetUrl(a.coverUrl);
  return (
    <Refreshable onRefresh={() => refreshFresh(article.refetch)}>
      <article className="qgw-ct-article">
        <h1 className="qgw-ct-article-title">{a.title}</h1>
        {a.publishedAt && <p className="qgw-ct-article-meta">{t.publishedOn(formatDate(a.publishedAt))}</p>}
        {a.award && (
          <p className="qgw-ct-award">
            <span>{t.awardQuota(a.award.quota)}</span>
            {a.award.prize && <span>{a.award.prize}</span>}
          </p>
        )}
        {cover && <img className="qgw-ct-article-cover" src={cover} alt="" loading="lazy" decoding="async" />}
        <RichText html={a.body} />
        <Attachments items={a.attachments} />
      </article>
    </Refreshable>
  );
}
