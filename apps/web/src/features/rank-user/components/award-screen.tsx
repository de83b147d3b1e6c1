import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { ListSkeleton, useContentSeasons } from '../../content/index.js';
import { rankUserStrings as t } from '../strings.js';
import { ApplyBar } from './apply-bar.js';
import { AwardList, RefreshableProgramme } from './programme-content.js';
import './rank-user.css';

/**
 * The season the address asks for (#/pages/cxb/award?season=2024), if it is one of the public
 * seasons; otherwise (none, unknown, malformed) the current season. Kept in the address so that a
 * reload or a shared link shows the same season.
 */
function useAwardSeason() {
  const [params, setParams] = useSearchParams();
  const seasons = useContentSeasons();
  const items = seasons.data?.items ?? [];
  const asked = params.get('season');
  const chosen = items.find((s) => String(s.year) === asked) ?? items.find((s) => s.current);
  const pick = (year: number) => setParams(`season=${year}`, { replace: true });
  // the current season's list need not wait for the seasons; one the address names does (it may be unknown)
  const waiting = asked !== null && seasons.isPending;
  const listSeason = chosen && !chosen.current ? chosen.year : undefined;
  return { items, chosen, pick, waiting, listSeason };
}

/** pages/cxb/award: the awards of the programme, as the admins publish them, season by season. */
export function AwardScreen() {
  const season = useAwardSeason();
  return (
    <PageLayout title={t.awardTitle}>
      <RefreshableProgramme>
        <header className="qgw-ru-hero qgw-ru-hero-small">
          <h1 className="qgw-ru-hero-title">{t.awardHeading}</h1>
          <p className="qgw-ru-hero-slogan">{t.awardIntro}</p>
        </header>
        {season.items.length > 1 && (
          <div className="qgw-ru-seasons" role="group" aria-label={t.awardSeasons}>
            {season.items.map((s) => (
              <button
                key={s.year}
                type="button"
                className="qgw-ru-season-chip"
                aria-pressed={s.year === season.chosen?.year}
                onClick={() => season.pick(s.year)}
              >
                {t.awardSeason(s.year, s.current)}
              </button>
            ))}
          </div>
        )}
        {season.waiting ? <ListSkeleton rows={3} /> : <AwardList season={season.listSeason} />}
        <p className="qgw-ru-note">{t.awardNote}</p>
      </RefreshableProgramme>
      <ApplyBar label={t.awardApply} />
    </PageLayout>
  );
}
