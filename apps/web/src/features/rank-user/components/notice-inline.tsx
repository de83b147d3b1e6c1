import { Checkbox } from 'antd-mobile';
import { routes } from '@qgw/contracts';
import { navigateTo } from '../../../lib/navigation.js';
import { useNoticeAgreed } from '../hooks/use-notice-agreed.js';
import { rankUserStrings as t } from '../strings.js';

/**
 * 申报须知 on the form's first step, agreed to in place: the way in is one screen shorter than a
 * notice page of its own (which stays, linked from here).
 */
export function NoticeInline() {
  const { agreed, setAgreed } = useNoticeAgreed();
  return (
    <section className="qgw-ru-card qgw-ru-notice-inline" aria-labelledby="qgw-ru-notice-heading">
      <h2 id="qgw-ru-notice-heading" className="qgw-ru-card-title">
        {t.noticeTitle}
      </h2>
      <ol className="qgw-ru-list">
        {t.notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ol>
      <div className="qgw-ru-agree qgw-ru-agree-inline">
        <Checkbox checked={agreed} onChange={setAgreed}>
          {t.noticeAgree}
        </Checkbox>
        <button type="button" className="qgw-ru-text-link" onClick={() => navigateTo(routes.cxbApplication.applyNotice)}>
          {t.noticeOpen}
        </button>
      </div>
    </section>
  );
}
