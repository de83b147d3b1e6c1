import { Checkbox } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { PageLayout } from '../../../components/layouts/page-layout.js';
import { redirectTo } from '../../../lib/navigation.js';
import { FormFooter } from '../../applications/index.js';
import { useNoticeAgreed } from '../hooks/use-notice-agreed.js';
import { rankUserStrings as t } from '../strings.js';
import './rank-user.css';

/** pages/cxbApplication/applyNotice: the notice on a page of its own (the form's first step also shows it). */
export function ApplyNoticeScreen() {
  const { agreed, setAgreed } = useNoticeAgreed();
  // the notice gives way to the form, which then shows it as agreed to
  const toForm = () => redirectTo(routes.cxbApplication.index);
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
      <FormFooter primary={t.noticeNext} onPrimary={toForm} disabled={!agreed}>
        <div className="qgw-ru-agree">
          <Checkbox checked={agreed} onChange={setAgreed}>
            {t.noticeAgree}
          </Checkbox>
        </div>
      </FormFooter>
    </PageLayout>
  );
}
