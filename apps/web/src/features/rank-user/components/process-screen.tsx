import { Button } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

/** pages/cxb/process: how an application goes, step by step, and the way to start one. */
export function ProcessScreen() {
  return (
    <PageLayout title={t.processTitle}>
      <header className="qgw-ru-hero qgw-ru-hero-small">
        <h1 className="qgw-ru-hero-title">{t.processHeading}</h1>
        <p className="qgw-ru-hero-slogan">{t.processIntro}</p>
      </header>
      <ol className="qgw-ru-card qgw-ru-process">
        {t.processSteps.map((step, i) => (
          <li key={step.title} className="qgw-ru-process-step">
            <span className="qgw-ru-process-no" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2 className="qgw-ru-process-title">{step.title}</h2>
              <p className="qgw-ru-process-desc">{step.desc}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="qgw-ru-note">{t.processTip}</p>
      <div className="qgw-ru-bottom">
        <Button className="qgw-primary-button" color="primary" block onClick={() => navigateTo(routes.cxbApplication.applyNotice)}>
          {t.processStart}
        </Button>
      </div>
    </PageLayout>
  );
}
