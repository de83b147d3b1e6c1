import { Button } from 'antd-mobile';
import { contentSlugs, routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { rankUserStrings as t } from '../strings.js';
import { useArticle } from '../../content/index.js';
import { ProgrammeArticle, RefreshableProgramme } from './programme-content.js';
import './rank-user.css';

/** pages/cxb/process: how an application goes, step by step (content the admins edit), and the way to start one. */
export function ProcessScreen() {
  const article = useArticle({ slug: contentSlugs.programmeProcess });
  return (
    <PageLayout title={t.processTitle}>
      <RefreshableProgramme>
        <header className="qgw-ru-hero qgw-ru-hero-small">
          <h1 className="qgw-ru-hero-title">{t.processHeading}</h1>
        </header>
        <ProgrammeArticle slug={contentSlugs.programmeProcess} />
        {!article.isPending && <p className="qgw-ru-note">{t.processTip}</p>}
      </RefreshableProgramme>
      {/* under the article once it is in: under its short placeholder the tip and the button were drawn in view, then pushed down */}
      {!article.isPending && (
        <div className="qgw-ru-bottom">
          <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxbApplication.index)}>
            {t.processStart}
          </Button>
        </div>
      )}
    </PageLayout>
  );
}
