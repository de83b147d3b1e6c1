import { useState } from 'react';
import { Checkbox } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { navigateTo } from '../../../lib/navigation.js';
import { FormFooter } from '../../applications/index.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

/** pages/cxbApplication/applyNotice: the notice, agreed to before the form opens. */
export function ApplyNoticeScreen() {
  const [agreed, setAgreed] = useState(false);
  return (
    <PageLayout title={t.noticeTitle} tone="grey">
      <section className="qgw-ru-card qgw-ru-notice">
        <h1 className="qgw-ru-card-title">{t.noticeHeading}</h1>
        <ol className="qgw-ru-list">
          {t.notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </section>
      <FormFooter primary={t.noticeNext} onPrimary={() => navigateTo(routes.cxbApplication.index)} disabled={!agreed}>
        <div className="qgw-ru-agree">
          <Checkbox checked={agreed} onChange={setAgreed}>
            {t.noticeAgree}
          </Checkbox>
        </div>
      </FormFooter>
    </PageLayout>
  );
}
