import type { ReactNode } from 'react';
import { FileOutline, RightOutline, StarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { contentSlugs, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { useRankUserLookup } from '../hooks/use-lookup.js';
import { ApplyBar } from './apply-bar.js';
import { ProgrammeArticle, RefreshableProgramme } from './programme-content.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

const icons: Record<string, ReactNode> = {
  process: <UnorderedListOutline />,
  award: <StarOutline />,
  mine: <FileOutline />,
};

/** pages/cxb/index: the rank-user programme at a glance, with the way in. */
export function ProgrammeScreen() {
  const lookup = useRankUserLookup();
  const open = (key: string) => {
    if (key === 'process') navigateTo(routes.cxb.process);
    else if (key === 'award') navigateTo(routes.cxb.award);
    else void lookup.run();
  };
  return (
    <PageLayout title={t.programmeTitle}>
      <RefreshableProgramme>
        <header className="qgw-ru-hero">
          <span className="qgw-ru-badge">{t.programmeBadge}</span>
          <h1 className="qgw-ru-hero-title">{t.programmeHeading}</h1>
          <p className="qgw-ru-hero-slogan">{t.programmeSlogan}</p>
        </header>
        <nav className="qgw-ru-links" aria-label={t.programmeTitle}>
          {t.programmeLinks.map((link) => (
            <button key={link.key} type="button" className="qgw-ru-link" onClick={() => open(link.key)} disabled={link.key === 'mine' && lookup.pending}>
              <span className="qgw-ru-link-icon" aria-hidden="true">
                {icons[link.key]}
              </span>
              <span className="qgw-ru-link-text">
                <span className="qgw-ru-link-title">{link.title}</span>
                <span className="qgw-ru-link-desc">{link.desc}</span>
              </span>
              <RightOutline className="qgw-ru-link-arrow" aria-hidden="true" />
            </button>
          ))}
        </nav>
        {/* the overview (who may apply, what to prepare) is content the admins edit */}
        <ProgrammeArticle slug={contentSlugs.programmeOverview} />
      </RefreshableProgramme>
      <ApplyBar label={t.programmeApply} />
    </PageLayout>
  );
}
