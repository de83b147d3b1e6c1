import { FileOutline, PicturesOutline, ShopbagOutline, TeamOutline, VideoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { routes, type RoutePath } from '@qgw/contracts';
import { TabLayout } from '../../components/layouts/tab-layout.js';
import { navigateTo } from '../../lib/navigation.js';
import { homeStrings as t } from './strings.js';
import './home.css';

const entryIcons: Record<string, ReactNode> = {
  person: <FileOutline />,
  work: <PicturesOutline />,
  company: <ShopbagOutline />,
  rank: <VideoOutline />,
  member: <TeamOutline />,
};

/** Each entry opens its programme page, which explains the phase when applying is not possible. */
const entryRoutes: Record<(typeof t.entries)[number]['key'], RoutePath> = {
  person: routes.cxb2024.personApply,
  work: routes.cxb2024.workApply,
  company: routes.cxb2024.companyApply,
};

/** The programme's contestant (rank-user) application and committee membership. */
const moreRoutes: Record<(typeof t.more)[number]['key'], RoutePath> = {
  rank: routes.cxb.index,
  member: routes.member.detail,
};

interface Entry {
  key: string;
  title: string;
  desc: string;
}

/** A headed grid of entry cards, each opening its screen. */
function EntryGrid<E extends Entry>(props: {
  id: string;
  heading: string;
  entries: readonly E[];
  targets: Record<E['key'], RoutePath>;
  className?: string;
}) {
  const { id, heading, entries, targets, className } = props;
  return (
    <section className="qgw-home-section" aria-labelledby={id}>
      <h2 id={id} className="qgw-home-heading">
        {heading}
      </h2>
      <div className={className ? `qgw-home-entries ${className}` : 'qgw-home-entries'}>
        {entries.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className={`qgw-home-entry qgw-home-entry-${entry.key}`}
            onClick={() => navigateTo(targets[entry.key as E['key']])}
          >
            <span className="qgw-home-entry-icon" aria-hidden="true">
              {entryIcons[entry.key]}
            </span>
            <span className="qgw-home-entry-title">{entry.title}</span>
            <span className="qgw-home-entry-desc">{entry.desc}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * The programme home: the default entry and the home tab. `status` is the programme's status card
 * (programme2024's ProgrammeStatus) and `title` the current season's name (its ProgrammeName), given
 * by the route so that this feature does not reach into the programme's. The title starts as the
 * name the app was built with (what the prerendered first paint shows) and becomes the server's
 * current season once read: the same one-line heading, so nothing below it moves.
 */
export function HomeScreen({ status, title }: { status: ReactNode; title?: (fallback: string) => ReactNode }) {
  return (
    <TabLayout>
      <header className="qgw-home-hero">
        <span className="qgw-home-badge">{t.badge}</span>
        <h1 className="qgw-home-title">{title ? title(t.heading) : t.heading}</h1>
        <p className="qgw-home-slogan">{t.slogan}</p>
        <div className="qgw-home-glow" aria-hidden="true" />
      </header>

      <section className="qgw-home-card qgw-home-intro">
        <p>{t.intro}</p>
      </section>

      <EntryGrid id="qgw-home-entries" heading={t.entriesHeading} entries={t.entries} targets={entryRoutes} />
      <EntryGrid id="qgw-home-more" heading={t.moreHeading} entries={t.more} targets={moreRoutes} className="qgw-home-more" />

      {status}

      <section className="qgw-home-section" aria-labelledby="qgw-home-steps">
        <h2 id="qgw-home-steps" className="qgw-home-heading">
          {t.stepsHeading}
        </h2>
        <ol className="qgw-home-card qgw-home-steps">
          {t.steps.map((step, i) => (
            <li key={step}>
              <span className="qgw-home-step-no">{i + 1}</span>
              <span className="qgw-home-step-text">{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="qgw-home-section" aria-labelledby="qgw-home-notice">
        <h2 id="qgw-home-notice" className="qgw-home-heading">
          {t.noticeHeading}
        </h2>
        <div className="qgw-home-card qgw-home-notice">
          <ol>
            {t.notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ol>
          <p className="qgw-home-contact">{t.contact}</p>
        </div>
      </section>
    </TabLayout>
  );
}
