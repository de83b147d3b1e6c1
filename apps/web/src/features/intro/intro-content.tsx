import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from 'antd-mobile';
import {
  AppstoreOutline,
  BellOutline,
  ExclamationCircleOutline,
  FileOutline,
  LinkOutline,
  RightOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { contentSlugs, routes } from '@qgw/contracts';
import { buildPath } from '../../lib/navigation.js';
import { ApiFailure } from '../../lib/request.js';
import { ListError, Refreshable, refreshFresh, RichText, useArticle, useArticles } from '../content/index.js';
import { introStrings as t } from './strings.js';
import './intro.css';

const entries: { to: string; text: string; icon: ReactNode }[] = [
  { to: routes.article.leader, text: t.entries.leaders, icon: <UserOutline /> },
  { to: routes.article.secretary, text: t.entries.secretariat, icon: <TeamOutline /> },
  { to: routes.article.subdivisions, text: t.entries.subdivisions, icon: <AppstoreOutline /> },
  { to: routes.article.document, text: t.entries.documents, icon: <FileOutline /> },
  { to: routes.homeIntro.memberList, text: t.entries.directory, icon: <UnorderedListOutline /> },
  { to: buildPath(routes.article.index, { category: 'news' }), text: t.entries.news, icon: <BellOutline /> },
];

function IntroArticle() {
  const intro = useArticle({ slug: contentSlugs.intro });
  if (intro.isPending) {
    return (
      <section className="qgw-intro-section" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  }
  if (intro.isError) {
    // no published introduction yet is not a fault: say so calmly
    if (intro.error instanceof ApiFailure) {
      return (
        <section className="qgw-intro-section">
          <p className="qgw-intro-missing">{t.missing}</p>
        </section>
      );
    }
    return (
      <section className="qgw-intro-section">
        <ListError error={intro.error} onRetry={() => void refreshFresh(intro.refetch)} />
      </section>
    );
  }
  return (
    <section className="qgw-intro-section" aria-labelledby="qgw-intro-article-title">
      <h2 id="qgw-intro-article-title" className="qgw-intro-section-title">
        {intro.data.title}
      </h2>
      <RichText html={intro.data.body} className="qgw-intro-rich" />
    </section>
  );
}

/** The other intro articles (组织架构, 章程, …) as links to read in full. */
function MoreArticles() {
  const list = useArticles('intro');
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((a) => a.slug !== contentSlugs.intro);
  return (
    <section className="qgw-intro-section">
      <h2 className="qgw-intro-section-title">{t.moreHeading}</h2>
      <ul className="qgw-intro-more">
        {list.isPending && (
          <li>
            <Skeleton.Paragraph lineCount={2} animated />
          </li>
        )}
        {list.isError && !list.data && (
          <li>
            <button type="button" className="qgw-intro-more-link qgw-intro-more-retry" onClick={() => void refreshFresh(list.refetch)}>
              <ExclamationCircleOutline aria-hidden="true" />
              <span>{t.moreFailed}</span>
            </button>
          </li>
        )}
        {items.map((a) => (
          <li key={a.id}>
            <Link to={buildPath(routes.article.index, { id: a.id })} className="qgw-intro-more-link">
              <FileOutline aria-hidden="true" />
              <span>{a.title}</span>
              <RightOutline className="qgw-intro-more-arrow" aria-hidden="true" />
            </Link>
          </li>
        ))}
        <li>
          <Link to={routes.common.index} className="qgw-intro-more-link">
            <LinkOutline aria-hidden="true" />
            <span>{t.linksEntry}</span>
            <RightOutline className="qgw-intro-more-arrow" aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The committee introduction: hero, quick entries, the intro article and further reading. */
export function IntroContent() {
  const intro = useArticle({ slug: contentSlugs.intro });
  const more = useArticles('intro');
  const refresh = () => refreshFresh(() => Promise.all([intro.refetch(), more.refetch()]));
  return (
    <Refreshable onRefresh={refresh}>
      <header className="qgw-intro-hero">
        <h1 className="qgw-intro-title">{t.heading}</h1>
        <p className="qgw-intro-lead">{t.lead}</p>
      </header>
      <div className="qgw-intro-body">
        <nav className="qgw-intro-grid" aria-label={t.entriesLabel}>
          {entries.map((e) => (
            <Link key={e.text} to={e.to} className="qgw-intro-entry">
              <span className="qgw-intro-entry-icon" aria-hidden="true">
                {e.icon}
              </span>
              <span className="qgw-intro-entry-text">{e.text}</span>
            </Link>
          ))}
        </nav>
        <IntroArticle />
        {/* below the article once it is in: under its short placeholder this list was drawn in view and then pushed down */}
        {!intro.isPending && <MoreArticles />}
      </div>
    </Refreshable>
  );
}
