import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { rankUserStrings as t } from '../strings.js';
import { AwardList, RefreshableProgramme } from './programme-content.js';
import './rank-user.css';

/** pages/cxb/award: the awards of the programme, as the admins publish them. */
export function AwardScreen() {
  return (
    <PageLayout title={t.awardTitle}>
      <RefreshableProgramme>
        <header className="qgw-ru-hero qgw-ru-hero-small">
          <h1 className="qgw-ru-hero-title">{t.awardHeading}</h1>
          <p className="qgw-ru-hero-slogan">{t.awardIntro}</p>
        </header>
        <AwardList />
        <p className="qgw-ru-note">{t.awardNote}</p>
      </RefreshableProgramme>
      <div className="qgw-ru-bottom">
        <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxb.process)}>
          {t.awardApply}
        </Button>
      </div>
    </PageLayout>
  );
}
