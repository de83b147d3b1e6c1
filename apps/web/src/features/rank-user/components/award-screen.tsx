import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

/** pages/cxb/award: the awards of the programme. */
export function AwardScreen() {
  return (
    <PageLayout title={t.awardTitle}>
      <header className="qgw-ru-hero qgw-ru-hero-small">
        <h1 className="qgw-ru-hero-title">{t.awardHeading}</h1>
        <p className="qgw-ru-hero-slogan">{t.awardIntro}</p>
      </header>
      <ol className="qgw-ru-awards">
        {t.awards.map((award, i) => (
          <li key={award.name} className={`qgw-ru-award qgw-ru-award-${i + 1}`}>
            <div className="qgw-ru-award-head">
              <h2 className="qgw-ru-award-name">{award.name}</h2>
              <span className="qgw-ru-award-quota">{award.quota}</span>
            </div>
            <p className="qgw-ru-award-desc">{award.desc}</p>
          </li>
        ))}
      </ol>
      <p className="qgw-ru-note">{t.awardNote}</p>
      <div className="qgw-ru-bottom">
        <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxb.process)}>
          {t.awardApply}
        </Button>
      </div>
    </PageLayout>
  );
}
